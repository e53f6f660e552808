import * as assert from 'node:assert/strict';
import { hostOf, monthHistogram, monthOf, topValues } from '../../../src/shared/results/stats';

describe('results stats', () => {
  it('reads the host of a URL', () => {
    assert.equal(hostOf('https://VDI.Example.com/portal/webclient/'), 'vdi.example.com');
    assert.equal(hostOf('https://user:pw@mail.example.com:8443/x?y#z'), 'mail.example.com');
    assert.equal(hostOf('android://hash@com.example.app/'), 'com.example.app');
    assert.equal(hostOf('example.com/login'), 'example.com');
    assert.equal(hostOf('example.com:8080/login'), 'example.com');
    assert.equal(hostOf('javascript:alert(1)'), '');
    assert.equal(hostOf(''), '');
  });

  it('counts leaks per month, empty months included', () => {
    assert.deepEqual(monthHistogram(['2024-11-03T00:00:00.000Z', '2025-02-01T00:00:00.000Z', '2024-11-30T23:00:00.000Z', 'garbage']), [
      { month: '2024-11', count: 2 },
      { month: '2024-12', count: 0 },
      { month: '2025-01', count: 0 },
      { month: '2025-02', count: 1 },
    ]);
    assert.deepEqual(monthHistogram([]), []);
    assert.equal(monthOf('2024-13-01'), '');
  });

  it('ranks the most frequent values', () => {
    assert.deepEqual(topValues(['b', 'a', 'b', '', 'c', 'a', 'b'], 2), [
      { value: 'b', count: 3 },
      { value: 'a', count: 2 },
    ]);
    assert.deepEqual(topValues(['x'], 0), []);
  });
});
