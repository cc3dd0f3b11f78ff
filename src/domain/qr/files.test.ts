// What each upload accepts and how large it may be.
import { describe, expect, it } from 'vitest';
import {
  checkFile,
  fileKinds,
  formatBytes,
  previewKind,
  type FileFacts,
  type FileKindId,
} from './files';

const KB = 1024;
const MB = 1024 * KB;

const facts = (name: string, type: string, size = 1000): FileFacts => ({ name, type, size });

describe('fileKinds', () => {
  it.each<[FileKindId, number]>([
    ['logo', 1],
    ['pdf', 20],
    ['menu', 20],
    ['image', 10],
    ['audio', 30],
    ['video', 200],
  ])('%s may be at most %i MB', (id, mb) => {
    expect(fileKinds[id].maxBytes).toBe(mb * 1024 * 1024);
  });

  it('offer the file picker every type and extension they accept', () => {
    expect(fileKinds.pdf.accept.split(',')).toEqual(['application/pdf', '.pdf']);
    const menu = fileKinds.menu.accept.split(',');
    expect(menu).toContain('application/pdf');
    expect(menu).toContain('image/*');
    expect(menu).toContain('.pdf');
    expect(menu).toContain('.png');
    expect(fileKinds.video.accept.split(',')).toContain('video/*');
    expect(fileKinds.audio.accept.split(',')).toContain('audio/*');
    expect(fileKinds.image.accept.split(',')).toContain('image/*');
    for (const kind of Object.values(fileKinds)) {
      for (const extension of kind.extensions) {
        expect(extension).toMatch(/^\.[a-z\d]+$/);
        expect(kind.accept.split(',')).toContain(extension);
      }
    }
  });
});

describe('checkFile', () => {
  describe('by type and extension', () => {
    it.each<[FileKindId, FileFacts]>([
      ['pdf', facts('brochure.pdf', 'application/pdf')],
      ['video', facts('clip.mp4', 'video/mp4')],
      ['video', facts('clip.webm', 'video/webm')],
      ['video', facts('clip.mov', 'video/quicktime')],
      ['image', facts('photo.jpg', 'image/jpeg')],
      ['image', facts('photo.webp', 'image/webp')],
      ['audio', facts('song.mp3', 'audio/mpeg')],
      ['audio', facts('voice.m4a', 'audio/mp4')],
      ['menu', facts('menu.pdf', 'application/pdf')],
      ['menu', facts('menu.png', 'image/png')],
      ['logo', facts('logo.png', 'image/png')],
    ])('%s accepts %j', (id, file) => {
      expect(checkFile(fileKinds[id], file)).toBeUndefined();
    });

    it.each<[FileKindId, FileFacts]>([
      ['pdf', facts('photo.png', 'image/png')],
      ['pdf', facts('notes.txt', 'text/plain')],
      ['video', facts('song.mp3', 'audio/mpeg')],
      ['image', facts('brochure.pdf', 'application/pdf')],
      ['audio', facts('clip.mp4', 'video/mp4')],
      ['menu', facts('clip.mp4', 'video/mp4')],
      ['menu', facts('notes.docx', 'application/msword')],
      ['logo', facts('brochure.pdf', 'application/pdf')],
      // A logo is an image, but not every image format is a logo.
      ['logo', facts('photo.avif', 'image/avif')],
    ])('%s refuses %j', (id, file) => {
      expect(checkFile(fileKinds[id], file)).toMatch(/ is not /);
    });

    it('says which file is not of the kind, and what would be', () => {
      expect(checkFile(fileKinds.pdf, facts('photo.png', 'image/png'))).toBe(
        '"photo.png" is not a PDF. Please choose a PDF (.pdf).',
      );
      expect(checkFile(fileKinds.image, facts('a.txt', 'text/plain'))).toBe(
        '"a.txt" is not an image. Please choose an image (.png, .jpg, .jpeg, .gif, .webp, .avif, .bmp).',
      );
    });

    it('judges a file without a type by its extension', () => {
      expect(checkFile(fileKinds.pdf, facts('brochure.pdf', ''))).toBeUndefined();
      expect(checkFile(fileKinds.video, facts('clip.mkv', ''))).toBeUndefined();
      expect(checkFile(fileKinds.audio, facts('song.flac', ''))).toBeUndefined();
      expect(checkFile(fileKinds.pdf, facts('brochure.docx', ''))).toMatch(/is not a PDF/);
      expect(checkFile(fileKinds.image, facts('noextension', ''))).toMatch(/is not an image/);
    });

    it('refuses a file whose type does not match, even with the right extension', () => {
      expect(checkFile(fileKinds.pdf, facts('brochure.pdf', 'image/png'))).toMatch(/is not a PDF/);
      expect(checkFile(fileKinds.image, facts('photo.jpg', 'application/octet-stream'))).toMatch(
        /is not an image/,
      );
    });

    it('refuses a file whose extension does not match, even with the right type', () => {
      expect(checkFile(fileKinds.pdf, facts('brochure.exe', 'application/pdf'))).toMatch(
        /is not a PDF/,
      );
      expect(checkFile(fileKinds.image, facts('photo', 'image/png'))).toMatch(/is not an image/);
    });

    it('reads the extension and type in any case', () => {
      expect(checkFile(fileKinds.pdf, facts('BROCHURE.PDF', 'application/pdf'))).toBeUndefined();
      expect(checkFile(fileKinds.image, facts('Photo.JPG', 'IMAGE/JPEG'))).toBeUndefined();
      expect(checkFile(fileKinds.audio, facts('Song.Mp3', ''))).toBeUndefined();
    });

    it('needs the extension at the end of the name', () => {
      expect(checkFile(fileKinds.pdf, facts('brochure.pdf.exe', ''))).toMatch(/is not a PDF/);
      expect(checkFile(fileKinds.pdf, facts('pdf', ''))).toMatch(/is not a PDF/);
    });
  });

  describe('by size', () => {
    it.each(Object.keys(fileKinds) as FileKindId[])('%s: exactly the limit passes', (id) => {
      const kind = fileKinds[id];
      const name = `file${kind.extensions[0]}`;
      expect(checkFile(kind, facts(name, '', kind.maxBytes))).toBeUndefined();
    });

    it.each(Object.keys(fileKinds) as FileKindId[])(
      '%s: one byte more is refused, naming both sizes',
      (id) => {
        const kind = fileKinds[id];
        const name = `file${kind.extensions[0]}`;
        const message = checkFile(kind, facts(name, '', kind.maxBytes + 1));
        expect(message).toBeDefined();
        expect(message).toContain(`"${name}" is `);
        expect(message).toContain(`the limit is ${formatBytes(kind.maxBytes)}.`);
        expect(message).toContain('Please choose a smaller file.');
      },
    );

    it('says how big the file is and what the limit is', () => {
      expect(checkFile(fileKinds.pdf, facts('scan.pdf', 'application/pdf', 25 * MB))).toBe(
        '"scan.pdf" is 25 MB; the limit is 20 MB. Please choose a smaller file.',
      );
      expect(checkFile(fileKinds.logo, facts('logo.png', 'image/png', 1.5 * MB))).toBe(
        '"logo.png" is 1.5 MB; the limit is 1 MB. Please choose a smaller file.',
      );
      expect(checkFile(fileKinds.video, facts('film.mp4', 'video/mp4', 512 * MB))).toBe(
        '"film.mp4" is 512 MB; the limit is 200 MB. Please choose a smaller file.',
      );
    });

    it('refuses an empty file', () => {
      expect(checkFile(fileKinds.pdf, facts('empty.pdf', 'application/pdf', 0))).toBe(
        '"empty.pdf" is empty. Please choose another file.',
      );
      expect(checkFile(fileKinds.image, facts('empty.png', '', 0))).toMatch(/is empty/);
    });

    it('names the wrong kind before the size', () => {
      expect(checkFile(fileKinds.pdf, facts('huge.txt', 'text/plain', 500 * MB))).toMatch(
        /is not a PDF/,
      );
      expect(checkFile(fileKinds.pdf, facts('empty.txt', 'text/plain', 0))).toMatch(/is not a PDF/);
    });

    it('accepts one byte', () => {
      expect(checkFile(fileKinds.pdf, facts('tiny.pdf', 'application/pdf', 1))).toBeUndefined();
    });
  });
});

describe('SVG', () => {
  it('is a logo only: a hosted picture is served by the site, and an SVG can carry script', () => {
    expect(
      checkFile(fileKinds.image, { name: 'drawing.svg', type: 'image/svg+xml', size: 10 }),
    ).toMatch(/is not an image/);
    expect(
      checkFile(fileKinds.menu, { name: 'menu.svg', type: 'image/svg+xml', size: 10 }),
    ).toMatch(/is not a PDF or an image/);
    expect(
      checkFile(fileKinds.logo, { name: 'logo.svg', type: 'image/svg+xml', size: 10 }),
    ).toBeUndefined();
  });
});

describe('formatBytes', () => {
  it.each<[number, string]>([
    [1, '1 KB'],
    [512, '1 KB'],
    [1536, '2 KB'],
    [512 * KB, '512 KB'],
    [MB, '1 MB'],
    [20 * MB, '20 MB'],
    [200 * MB, '200 MB'],
    [5.3 * MB, '5.3 MB'],
    [1.25 * MB, '1.3 MB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('counts a gigabyte as one', () => {
    expect(formatBytes(1024 * 1024 * 1024)).toBe('1 GB');
    expect(formatBytes(1.5 * 1024 * 1024 * 1024)).toBe('1.5 GB');
  });

  it('never says 0 KB', () => {
    expect(formatBytes(0)).toBe('1 KB');
  });
});

describe('previewKind', () => {
  it.each<[string, string, ReturnType<typeof previewKind>]>([
    ['application/pdf', 'a.pdf', 'pdf'],
    ['video/mp4', 'a.mp4', 'video'],
    ['video/webm', 'anything', 'video'],
    ['audio/mpeg', 'a.mp3', 'audio'],
    ['audio/ogg', 'anything', 'audio'],
    ['image/png', 'a.png', 'image'],
    ['image/svg+xml', 'a.svg', 'image'],
  ])('a file of type %s (%s) previews as %s', (type, name, kind) => {
    expect(previewKind(type, name)).toBe(kind);
  });

  it('goes by the type, not the name, when there is a type', () => {
    expect(previewKind('image/png', 'looks-like.pdf')).toBe('image');
    expect(previewKind('audio/mpeg', 'looks-like.mp4')).toBe('audio');
    expect(previewKind('video/mp4', 'looks-like.mp3')).toBe('video');
  });

  it.each<[string, ReturnType<typeof previewKind>]>([
    ['menu.pdf', 'pdf'],
    ['MENU.PDF', 'pdf'],
    ['clip.mov', 'video'],
    ['clip.MKV', 'video'],
    ['song.mp3', 'audio'],
    ['song.flac', 'audio'],
    ['photo.jpg', 'image'],
  ])('a file without a type named %s previews as %s', (name, kind) => {
    expect(previewKind('', name)).toBe(kind);
  });

  it('falls back to an image for anything else', () => {
    expect(previewKind('', 'noextension')).toBe('image');
    expect(previewKind('application/octet-stream', 'a.bin')).toBe('image');
  });
});
