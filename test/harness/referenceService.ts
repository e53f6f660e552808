// The reference search service over loopback, for suites in the extension host: its URL and
// the demo tenant's key reach the extension host as LEAK_SEARCH_TEST_BASE_URL and
// LEAK_SEARCH_TEST_API_KEY (never printed: the key is part of every URL).
import { DEMO_API_KEY, demoOptions } from '../../service/demo';
import { startService } from '../../service/server';
import type { RunningService } from '../../service/types';

export interface TestService {
  readonly service: RunningService;
  /** Environment for the extension host. */
  readonly env: Readonly<Record<string, string>>;
}

export async function startTestService(): Promise<TestService> {
  const service = await startService(demoOptions());
  return { service, env: { LEAK_SEARCH_TEST_BASE_URL: service.baseUrl, LEAK_SEARCH_TEST_API_KEY: DEMO_API_KEY } };
}
