// The reference service at enterprise scale, for the "scale" integration run and the host
// bench: one tenant whose domains hold 100,000 and 1,000,000 generated accounts records,
// streamed by the service as it answers. A username and its password from the 1M result reach
// the extension host (never printed) so a test can open a file that leaks them.
import { DEMO_API_KEY } from '../../service/demo';
import { generateDataset } from '../../service/data';
import { startService } from '../../service/server';
import type { TestService } from './referenceService';

export const SCALE_DOMAINS = { small: 'bench-100k.test', large: 'bench-1m.test' } as const;
export const SCALE_RECORDS = { small: 100_000, large: 1_000_000 } as const;
/** Environment names the scale suite reads. */
export const SCALE_SAMPLE_ENV = 'LEAK_SEARCH_SCALE_SAMPLE';

export async function startScaleService(): Promise<TestService> {
  const t0 = Date.now();
  const dataset = {
    ...generateDataset(7, [SCALE_DOMAINS.small], { accountsPerDomain: SCALE_RECORDS.small, customersPerDomain: 1 }),
    ...generateDataset(11, [SCALE_DOMAINS.large], { accountsPerDomain: SCALE_RECORDS.large, customersPerDomain: 1 }),
  };
  const large = dataset[SCALE_DOMAINS.large]?.accounts ?? [];
  // A record from the middle, with a username that is an e-mail (what a config file leaks).
  const sample = large.slice(large.length >> 1).find((r) => typeof r.username === 'string' && r.username.includes('@') && /^[\x21-\x7e]+$/.test(r.username));
  if (!sample) throw new Error('the generated 1M result has no ASCII e-mail username');
  const service = await startService({
    dataset,
    tenants: [
      {
        name: 'scale',
        apiKey: DEMO_API_KEY,
        domains: [SCALE_DOMAINS.small, SCALE_DOMAINS.large],
        rateLimit: { limit: 10_000, windowMs: 3_600_000 },
      },
    ],
    keepSerialised: true,
  });
  console.log(`  scale service: ${SCALE_RECORDS.small.toLocaleString('en-US')} and ${SCALE_RECORDS.large.toLocaleString('en-US')} records generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return {
    service,
    env: {
      LEAK_SEARCH_TEST_BASE_URL: service.baseUrl,
      LEAK_SEARCH_TEST_API_KEY: DEMO_API_KEY,
      [SCALE_SAMPLE_ENV]: JSON.stringify({ username: sample.username }),
    },
  };
}
