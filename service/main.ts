// CLI: node out/service/main.js [--port N] [--data file.json|file.jsonl] [--seed N] [--faults file.json] [--records N]
//      [--tls-cert cert.pem --tls-key key.pem]   (HTTPS instead of HTTP)
// Serves the demo configuration on 127.0.0.1 and prints exactly two lines:
//   Base URL: http://127.0.0.1:N
//   Demo API key: <key>
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadDataset } from './data';
import { DEMO_API_KEY, demoOptions } from './demo';
import { parseFaultRules } from './faults';
import { startService } from './server';

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      faults: { type: 'string' },
      records: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
    },
    strict: true,
  });
  const port = integer(values.port, 'port', 0, 65535);
  const seed = integer(values.seed, 'seed', 0, 0xffffffff);
  const records = integer(values.records, 'records', 1, 20_000_000);
  const dataset = values.data ? loadDataset(values.data) : undefined;
  let faults;
  if (values.faults) {
    const file = values.faults;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message}`, { cause: e });
    }
    faults = parseFaultRules(parsed, file);
  }
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  if ((certFile === undefined) !== (keyFile === undefined)) throw new Error('--tls-cert and --tls-key go together');
  const tls = certFile !== undefined && keyFile !== undefined ? { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') } : undefined;
  const service = await startService({
    ...(tls ? { tls } : {}),
    ...demoOptions(port, { ...(seed !== undefined ? { seed } : {}), ...(dataset ? { dataset } : {}), ...(faults ? { faults } : {}), ...(records !== undefined ? { records } : {}) }),
    host: '127.0.0.1',
  });
  process.stdout.write(`Base URL: ${service.baseUrl}\nDemo API key: ${DEMO_API_KEY}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void service.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`leak-search service: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
