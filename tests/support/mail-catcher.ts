// The local mail catcher (scripts/serve/mail-catcher.mjs, MailDev) as the tests read it: the emails it
// holds for one address, through its REST API.
import { expect } from '@playwright/test';
import { MAIL_WEB_PORT } from '../../scripts/serve/mail-catcher.mjs';

export const catcher = `http://127.0.0.1:${MAIL_WEB_PORT}`;

export interface Caught {
  id: string;
  subject: string;
  text: string;
  attachments: { filename: string; generatedFileName: string; contentType: string }[];
}

/** The emails the catcher holds for `to`. */
export async function emailsTo(to: string): Promise<Caught[]> {
  const response = await fetch(`${catcher}/api/email?to.address=${encodeURIComponent(to)}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as Caught[];
}

/** The bytes of the attachment `filename` of `email`. */
export async function attachmentOf(email: Caught, filename: string): Promise<Buffer> {
  const file = email.attachments.find((attachment) => attachment.filename === filename);
  if (!file) throw new Error(`No ${filename} in ${JSON.stringify(email.attachments)}`);
  const response = await fetch(
    `${catcher}/api/email/${email.id}/attachment/${file.generatedFileName}`,
  );
  return Buffer.from(await response.arrayBuffer());
}
