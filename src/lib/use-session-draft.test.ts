// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionDraft } from './use-session-draft';

const initial = { name: '', count: 0 };

beforeEach(() => sessionStorage.clear());

describe('useSessionDraft', () => {
  it('starts from the initial value, and keeps each change for the next page load', () => {
    const first = renderHook(() => useSessionDraft('draft', initial));
    expect(first.result.current[0]).toEqual(initial);
    act(() => first.result.current[1]({ name: 'Lerato', count: 2 }));
    expect(first.result.current[0]).toEqual({ name: 'Lerato', count: 2 });

    const again = renderHook(() => useSessionDraft('draft', initial));
    expect(again.result.current[0]).toEqual({ name: 'Lerato', count: 2 });
  });

  it('ignores what does not fit the shape, field by field', () => {
    sessionStorage.setItem('draft', JSON.stringify({ name: 7, count: 3, extra: true }));
    const { result } = renderHook(() => useSessionDraft('draft', initial));
    expect(result.current[0]).toEqual({ name: '', count: 3 });
  });

  it('ignores a stored value that is not JSON', () => {
    sessionStorage.setItem('draft', '{oops');
    const { result } = renderHook(() => useSessionDraft('draft', initial));
    expect(result.current[0]).toEqual(initial);
  });
});
