import { describe, expect, it } from 'vitest';
import {
  aliasName,
  aliasPattern,
  catalogAlias,
  loadStamp,
  physicalIndexName,
  prefixProblem,
  versionProblem,
} from '../../../src/index/elasticsearch/naming.ts';

describe('index and alias names', () => {
  it('builds lower-case aliases per kind and version, physical indices per load', () => {
    expect(aliasName('taxa', 'taxa', 'MR.424')).toBe('taxa-taxa-mr.424');
    expect(aliasName('taxa', 'names', 'current')).toBe('taxa-names-current');
    expect(aliasPattern('test', 'names')).toBe('test-names-*');
    expect(catalogAlias('taxa')).toBe('taxa-catalog');
    const stamp = loadStamp(new Date('2025-03-04T05:06:07.089Z'));
    expect(stamp).toBe('20250304050607089');
    expect(physicalIndexName('taxa-taxa-current', stamp)).toBe('taxa-taxa-current-20250304050607089');
  });

  it('refuses prefixes Elasticsearch would refuse', () => {
    for (const prefix of ['taxa', 'taxa-test', 'a.b_c', '1']) expect(prefixProblem(prefix), prefix).toBeUndefined();
    for (const prefix of ['', 'Taxa', '-taxa', '_taxa', 'ta xa', 'ta*', 'ta,xa', 'a'.repeat(101)]) {
      expect(prefixProblem(prefix), prefix).toMatch(/is not a valid index prefix/);
    }
  });

  it('refuses versions that cannot name an index or collide once lower-cased', () => {
    expect(versionProblem(['current', 'MR.424', 'MR.484'])).toBeUndefined();
    expect(versionProblem(['current', 'My version'])).toBe(
      "checklist version 'My version' cannot be part of an index name (lower-case letters, digits, '.', '_' or '-' only)",
    );
    expect(versionProblem(['MR.424', 'mr.424'])).toBe(
      "checklist versions 'MR.424' and 'mr.424' differ only in case; index names are lower case",
    );
  });
});
