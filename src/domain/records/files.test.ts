import { describe, expect, it } from 'vitest';
import { chunkPath, chunksPath, fileId, filePath, newStoredFile, readStoredFile } from './files';

describe('hosted files as stored', () => {
  it('are one document per owner and hash, with their chunks under it', () => {
    expect(fileId('alice', 'ab12')).toBe('alice_ab12');
    expect(filePath('alice', 'ab12')).toBe('files/alice_ab12');
    expect(chunksPath('alice', 'ab12')).toBe('files/alice_ab12/chunks');
  });

  it('name their chunks in five digits, so that they list in order', () => {
    expect(chunkPath('alice', 'ab12', 7)).toBe('files/alice_ab12/chunks/00007');
    expect(chunkPath('alice', 'ab12', 12345)).toBe('files/alice_ab12/chunks/12345');
  });

  it('are read back as a new upload stores them, and defensively', () => {
    const start = { sha256: 'ab12', name: 'menu.pdf', size: 10, kind: 'pdf' } as const;
    expect(readStoredFile(newStoredFile('alice', start, 'now'))).toEqual({
      owner: 'alice',
      sha256: 'ab12',
      name: 'menu.pdf',
      size: 10,
      kind: 'pdf',
      type: null,
      received: 0,
      complete: false,
    });
    expect(
      readStoredFile({ owner: 'a', sha256: 'b', size: -1, received: '5', kind: 'x', complete: 1 }),
    ).toMatchObject({ size: 0, received: 0, kind: 'pdf', type: null, complete: false });
  });
});
