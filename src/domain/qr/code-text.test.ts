import { describe, expect, it } from 'vitest';
import { emptyContent } from './content';
import { codeText } from './code-text';

const origin = 'https://kempton.example';
const web = {
  type: 'web' as const,
  content: { ...emptyContent, text: { ...emptyContent.text, websiteUrl: 'a.example/x' } },
};

describe('codeText', () => {
  it('is the content’s own text for a static code', () => {
    expect(codeText(web, null, origin)).toEqual({
      payload: { kind: 'text', text: 'https://a.example/x' },
      text: 'https://a.example/x',
    });
  });

  it('is the printed short link for a dynamic code, its payload still the content’s', () => {
    const { payload, text } = codeText(web, 'AbCdEfGhJk', origin);
    expect(text).toBe('https://kempton.example/q/AbCdEfGhJk?qr=1');
    expect(payload).toEqual({ kind: 'text', text: 'https://a.example/x' });
  });

  it('holds a hosted file’s short link once the file is there, and nothing before', () => {
    const pdf = { type: 'pdf' as const, content: emptyContent };
    const hosted = {
      pdfFile: { name: 'menu.pdf', type: 'application/pdf', size: 3, sha256: 'ab' },
    };
    expect(codeText({ ...pdf, hosted }, 'AbCdEfGhJk', origin).text).toBe(
      'https://kempton.example/q/AbCdEfGhJk?qr=1',
    );
    expect(codeText(pdf, 'AbCdEfGhJk', origin).text).toBeNull();
  });

  it('makes no code before a type is chosen, and says so', () => {
    expect(codeText({ type: null, content: emptyContent }, null, origin)).toEqual({
      payload: { kind: 'incomplete', reason: 'Choose a type of code first.' },
      text: null,
    });
  });
});
