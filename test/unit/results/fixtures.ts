// Small hand-made tables for the results unit tests.
import { buildTable } from '../../../src/shared/results/table';
import type { ResultTable } from '../../../src/shared/results/table';
import type { AccountRecord } from '../../../src/core/types';

export function account(overrides: Partial<AccountRecord>): AccountRecord {
  return {
    date: '2024-01-01T00:00:00.000Z',
    browser: 'Google Chrome',
    status: 'show',
    url: 'https://vpn.example.com/login',
    ip: '10.0.0.1',
    country: 'US',
    username: 'user@example.com',
    password: 'secret',
    ...overrides,
  };
}

export function accountsTable(records: readonly AccountRecord[]): ResultTable {
  return buildTable({ type: 'accounts', count: records.length, records });
}

/** Five records: two machines with several logins each, one lone record. */
export function sampleTable(): ResultTable {
  return accountsTable([
    account({ username: 'alice@example.com', date: '2024-03-05T10:00:00.000Z', ip: '10.0.0.9', url: 'https://vpn.example.com/a', password: 'alicepw' }),
    account({ username: 'bob@example.com', date: '2024-03-05T11:00:00.000Z', ip: '10.0.0.9', url: 'https://mail.example.com/', status: 'hide' }),
    account({ username: 'carol@example.com', date: '2024-01-10T09:00:00.000Z', ip: '9.1.1.1', browser: 'Mozilla Firefox', country: 'DE', url: 'https://vpn.example.com/b' }),
    account({ username: 'dave@example.com', date: '2024-01-10T23:59:59.000Z', ip: '9.1.1.1', browser: 'Mozilla Firefox', country: 'DE', url: 'https://VPN.example.com:8443/c' }),
    account({ username: 'erin@example.com', date: '2023-11-30T00:00:00.000Z', ip: '192.168.0.20', url: 'https://jira.example.com/' }),
  ]);
}
