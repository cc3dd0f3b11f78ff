// The files an emailed code carries: the same PNG, SVG and PDF that Download makes (downloads.ts,
// which loads the PDF maker only when it is needed), as the request sends them.
import { MAIL_FILE_MAX, mailMessages, type CodeMail } from '../../../domain/mail';
import { DownloadError, makeDownload, type DownloadFormat } from '../render/downloads';
import type { RenderedCode } from '../render/render-code';

/** A Blob's bytes in base64, through the browser's own encoder. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

const formats = ['png', 'svg', 'pdf'] as const satisfies readonly DownloadFormat[];

/** The three files; a DownloadError with a message to show when one cannot be made or sent. */
export async function codeMailFiles(
  code: RenderedCode,
  name: string,
): Promise<Pick<CodeMail, 'png' | 'svg' | 'pdf'>> {
  const made = await Promise.all(formats.map((format) => makeDownload({ code, name, format })));
  const [png, svg, pdf] = made.map((file, index) => {
    if (file.blob.size > MAIL_FILE_MAX[formats[index]]) {
      throw new DownloadError(mailMessages.tooLarge(formats[index]));
    }
    return file.blob;
  });
  return { png: await base64Of(png), svg: await svg.text(), pdf: await base64Of(pdf) };
}
