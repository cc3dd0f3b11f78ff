// Designs stored by older versions of the app (drafts on the device, saved codes in Cloud
// Firestore) read as today's: each former id becomes the id of the same option.
import { describe, expect, it } from 'vitest';
import { findChoice, frames } from './design';
import { formerIds, migrateDesign, numberedFrameIds } from './design-migration';

describe('numberedFrameIds', () => {
  it('reads each of the 32 numbered frames as the frame it showed', () => {
    // The numbers as they were: outline row × 4 + label column.
    expect(numberedFrameIds).toMatchObject({
      'frame-0': 'none',
      'frame-1': 'bottom',
      'frame-3': 'bottom-tab',
      'frame-4': 'square',
      'frame-5': 'square-bottom',
      'frame-9': 'rounded-bottom',
      'frame-13': 'thick-bottom',
      'frame-18': 'double-top',
      'frame-23': 'dashed-bottom-tab',
      'frame-26': 'brackets-top',
      'frame-31': 'circle-bottom-tab',
    });
    expect(Object.keys(numberedFrameIds)).toEqual(
      Array.from({ length: 32 }, (_, index) => `frame-${index}`),
    );
    // Every one is a frame today, each a different one.
    const current = Object.values(numberedFrameIds);
    for (const id of current) expect(findChoice(frames, id), id).toBeDefined();
    expect(new Set(current).size).toBe(32);
  });

  it('names the frames by what they are, whatever their place in the list', () => {
    const frame = findChoice(frames, numberedFrameIds['frame-9']);
    expect(frame).toMatchObject({ outline: 'rounded', labelPosition: 'bottom' });
    expect(frame?.label).toBe('Rounded border, text below');
  });

  it('never takes a current id for a former one', () => {
    for (const [field, renamed] of Object.entries(formerIds)) {
      for (const old of Object.keys(renamed)) {
        expect(
          frames.some((frame) => frame.id === old),
          `${field} ${old}`,
        ).toBe(false);
      }
    }
  });
});

describe('migrateDesign', () => {
  it('replaces a former frame id and leaves every other field as it was', () => {
    const stored = { frame: 'frame-13', pattern: 'dots', patternColor1: '#123456', extra: 1 };
    expect(migrateDesign(stored)).toEqual({ ...stored, frame: 'thick-bottom' });
    expect(stored.frame).toBe('frame-13');
  });

  it('leaves current ids, unknown ids and values of other kinds alone', () => {
    for (const frame of ['square-bottom', 'none', 'frame-32', 'frame-1x', 13, null, undefined]) {
      expect(migrateDesign({ frame })).toEqual({ frame });
    }
    expect(migrateDesign({ frame: 'toString' })).toEqual({ frame: 'toString' });
    expect(migrateDesign({})).toEqual({});
  });
});
