// Grouping records by their site (the host of their URL), most records first.
import * as assert from 'node:assert/strict';
import { fieldText, groupBySite, NO_SITE, siteOf } from '../../../../src/core/results/sites';
import type { AccountRecord } from '../../../../src/core/service/types';

function rec(url: string, date: string, username = 'u@example.com'): AccountRecord {
  return { url, date, username, browser: 'Chrome', status: 'show', ip: '1.2.3.4', country: 'US', password: 'p' };
}

describe('sites: grouping records by URL host', () => {
  it('takes the lower-case host, keeps non-default ports, tolerates missing schemes', () => {
    assert.equal(siteOf('https://VDI.Example.com/portal/'), 'vdi.example.com');
    assert.equal(siteOf('https://example.com:8443/x'), 'example.com:8443');
    assert.equal(siteOf('https://example.com:443/x'), 'example.com');
    assert.equal(siteOf('mail.example.com/login'), 'mail.example.com');
    assert.equal(siteOf(''), NO_SITE);
    assert.equal(siteOf(undefined), NO_SITE);
    assert.equal(siteOf('http://'), NO_SITE);
    assert.equal(siteOf(42), NO_SITE);
  });

  it('groups by site, most records first, newest record first, no-URL last', () => {
    const groups = groupBySite([
      rec('https://a.example.com/1', '2024-01-01T00:00:00.000Z'),
      rec('', '2024-01-02T00:00:00.000Z'),
      rec('https://b.example.com/1', '2024-01-01T00:00:00.000Z'),
      rec('https://b.example.com/2', '2024-03-01T00:00:00.000Z'),
      rec('https://c.example.com/2', '2024-03-01T00:00:00.000Z'),
    ]);
    assert.deepEqual(groups.map((g) => [g.site, g.records.length]), [['b.example.com', 2], ['a.example.com', 1], ['c.example.com', 1], [NO_SITE, 1]]);
    assert.equal(groups[0]?.records[0]?.date, '2024-03-01T00:00:00.000Z');
  });

  it('works on open (customers) records', () => {
    const groups = groupBySite([{ url: 'https://shop.example.com/', email: 'x@y.z', n: 3 }, { email: 'no-url' }]);
    assert.deepEqual(groups.map((g) => g.site), ['shop.example.com', NO_SITE]);
    assert.equal(fieldText({ n: 3, b: true, z: null }, 'n'), '3');
    assert.equal(fieldText({ n: 3, b: true, z: null }, 'b'), 'true');
    assert.equal(fieldText({ n: 3, b: true, z: null }, 'z'), '');
  });
});
