import { describe, expect, it } from 'vitest';
import { filtersFrom, historyHref, historyHrefOfCode } from './history-path';

describe('the history page’s address', () => {
  it('keeps the filters in its query, and leaves out those not set', () => {
    expect(historyHref()).toBe('/UserHistory');
    expect(historyHref({ code: 'menu' })).toBe('/UserHistory?code=menu');
    expect(historyHref({ code: 'menu', by: 'thandi' })).toBe('/UserHistory?code=menu&by=thandi');
    expect(historyHref({ code: null, by: '' })).toBe('/UserHistory');
    expect(historyHrefOfCode('a b&c')).toBe('/UserHistory?code=a+b%26c');
  });

  it('reads the filters back from the query, an empty one as none', () => {
    expect(filtersFrom('?code=menu&by=thandi')).toEqual({ code: 'menu', by: 'thandi' });
    expect(filtersFrom('?code=&by=')).toEqual({ code: null, by: null });
    expect(filtersFrom(new URLSearchParams(historyHrefOfCode('a b&c').split('?')[1]))).toEqual({
      code: 'a b&c',
      by: null,
    });
  });
});
