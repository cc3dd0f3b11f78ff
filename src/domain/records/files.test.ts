import { describe, expect, it } from 'vitest';
import { chunksPath, fileId, filePath } from './files';

describe('hosted files as stored', () => {
  it('are one document per owner and hash, with their chunks under it', () => {
    expect(fileId('alice', 'ab12')).toBe('alice_ab12');
    expect(filePath('alice', 'ab12')).toBe('files/alice_ab12');
    expect(chunksPath('alice', 'ab12')).toBe('files/alice_ab12/chunks');
  });
});
