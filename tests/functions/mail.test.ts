// POST /api/mail/code (functions/src/mail-api.ts) over real HTTP, against the Firestore and Auth
// emulators, sending through nodemailer to a real SMTP server: a MailDev catcher of this file's own
// on free ports (scripts/mail-catcher.mjs), read back through its REST API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSender, type SendMail } from '../../functions/src/mail-transport';
import { freePort } from '../../scripts/ports.mjs';
import { startMailCatcher } from '../../scripts/mail-catcher.mjs';
import { fileBaseName } from '../../src/domain/file-name';
import {
  MAIL_BODY_MAX,
  MAIL_CODE_PATH,
  MAIL_FILE_MAX,
  MAIL_PER_HOUR,
  type CodeMail,
  type MailAnswer,
} from '../../src/domain/mail';
import { idToken, useFunctions } from './servers';

let catcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
/** When set, the SMTP server cannot be reached (a port nothing listens on). */
let smtpDown = false;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(() => catcher?.stop());

const settings = { host: '127.0.0.1', secure: false, from: 'Codes <codes@kcw.example>' };
const under = useFunctions({
  mail: (): SendMail => {
    const up = smtpSender({ ...settings, port: catcher!.smtpPort });
    let down: SendMail | undefined;
    return async (mail) => {
      if (!smtpDown) return up(mail);
      down ??= smtpSender({ ...settings, port: await freePort() });
      return down(mail);
    };
  },
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

const SITE_HOST = 'kemptoncodeworks.co.za';

let requests = 0;
/**
 * A request as the page sends it, to a recipient of this test's own; `fields` may replace any
 * part with what no page sends.
 */
function codeMail(fields: Partial<Record<keyof CodeMail, unknown>> = {}): CodeMail {
  requests += 1;
  return {
    id: `request-${Date.now().toString(36)}-${requests}`,
    to: `reader-${requests}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    name: 'Shop window',
    link: 'https://kemptoncodeworks.co.za/shop',
    png: PNG.toString('base64'),
    svg: SVG,
    pdf: PDF.toString('base64'),
    ...fields,
  } as CodeMail;
}

async function post(
  body: object | string,
  token: string | null | Promise<string | null>,
): Promise<{ status: number; answer: MailAnswer }> {
  const bearer = await token;
  const response = await fetch(`${under.origin}${MAIL_CODE_PATH}`, {
    method: 'POST',
    // As Hosting forwards a request of the site.
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-Host': SITE_HOST,
      'X-Forwarded-Proto': 'https',
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as MailAnswer };
}

interface Caught {
  id: string;
  subject: string;
  text: string;
  html: string;
  from: { address: string }[];
  to: { address: string }[];
  attachments: {
    filename: string;
    generatedFileName: string;
    contentType: string;
    contentDisposition: string;
  }[];
}

/** The emails the catcher holds for `to`. */
async function inbox(to: string): Promise<Caught[]> {
  const response = await fetch(`${catcher!.webUrl}/api/email?to.address=${encodeURIComponent(to)}`);
  return (await response.json()) as Caught[];
}

async function attachment(email: Caught, name: string): Promise<Buffer> {
  const file = email.attachments.find((item) => item.filename === name)!;
  const response = await fetch(
    `${catcher!.webUrl}/api/email/${email.id}/attachment/${file.generatedFileName}`,
  );
  return Buffer.from(await response.arrayBuffer());
}

const counterOf = async (uid: string) =>
  (await under.db.collection('mail').doc(uid).get()).data() ?? null;

describe('a verified account emails a code', () => {
  it('sends one message to the address, with the PNG, SVG and PDF named after the code', async () => {
    const request = codeMail({ name: 'Shop <b>window</b> & co' });
    const { status, answer } = await post(request, idToken('mail-sender'));
    expect(answer).toEqual({ ok: true, to: request.to });
    expect(status).toBe(200);

    const [email, ...more] = await inbox(request.to);
    expect(more).toHaveLength(0);
    expect(email.to.map((address) => address.address)).toEqual([request.to]);
    expect(email.from[0].address).toBe('codes@kcw.example');
    expect(email.subject).toBe('Your QR code “Shop <b>window</b> & co”');
    // Named as the downloads name the code's files.
    const base = fileBaseName(request.name);
    expect(base).toBe('Shop -b-window-b- & co');
    expect(
      email.attachments.map(({ filename, contentType, contentDisposition }) => ({
        filename,
        contentType,
        contentDisposition,
      })),
    ).toEqual([
      { filename: `${base}.png`, contentType: 'image/png', contentDisposition: 'attachment' },
      { filename: `${base}.svg`, contentType: 'image/svg+xml', contentDisposition: 'attachment' },
      { filename: `${base}.pdf`, contentType: 'application/pdf', contentDisposition: 'attachment' },
    ]);
    expect(await attachment(email, `${base}.png`)).toEqual(PNG);
    expect((await attachment(email, `${base}.svg`)).toString('utf8')).toBe(SVG);
    expect(await attachment(email, `${base}.pdf`)).toEqual(PDF);

    // The code, where it leads and the way back to My QR Codes, in both bodies; the name escaped.
    expect(email.text).toContain('Here is your QR code “Shop <b>window</b> & co”.');
    expect(email.text).toContain('Scanning it opens https://kemptoncodeworks.co.za/shop');
    // The site's own address, as configured (SITE_ORIGINS), not the one the request forwards.
    expect(email.text).toContain(`My QR Codes: ${under.origin}/UserQRCodes`);
    expect(email.html).toContain('Shop &lt;b&gt;window&lt;/b&gt; &amp; co');
    expect(email.html).not.toContain('<b>window');
    expect(email.html).toContain(`<a href="${under.origin}/UserQRCodes">My QR Codes</a>`);
    expect(`${email.text}${email.html}`).not.toContain(`${SITE_HOST}/UserQRCodes`);
  });

  it('a request sent again (the answer was lost) is answered, not emailed twice', async () => {
    const request = codeMail();
    const token = idToken('mail-repeater');
    expect((await post(request, token)).answer).toEqual({ ok: true, to: request.to });
    expect((await post(request, token)).answer).toEqual({ ok: true, to: request.to, repeat: true });
    expect(await inbox(request.to)).toHaveLength(1);
    expect(await counterOf('mail-repeater')).toMatchObject({ count: 1 });
  });

  it('a code without a web address says nothing of where it leads', async () => {
    const request = codeMail({ link: undefined, name: '' });
    expect((await post(request, idToken('mail-plain'))).status).toBe(200);
    const [email] = await inbox(request.to);
    expect(email.subject).toBe('Your QR code');
    expect(email.text).not.toContain('Scanning it opens');
    expect(email.attachments.map((file) => file.filename)).toEqual([
      'qr-code.png',
      'qr-code.svg',
      'qr-code.pdf',
    ]);
  });
});

describe('who may send', () => {
  it('without a token, or with one that is not real: 401 with a message, nothing sent', async () => {
    const request = codeMail();
    for (const token of [null, 'not-a-token']) {
      const { status, answer } = await post(request, token);
      expect(status).toBe(401);
      expect(answer).toEqual({
        ok: false,
        problem: 'unauthenticated',
        message: 'Sign in again to email codes.',
      });
    }
    expect(await inbox(request.to)).toHaveLength(0);
  });

  it('an account whose email address is not verified: 403 with a message, nothing sent', async () => {
    const request = codeMail();
    const { status, answer } = await post(request, idToken('mail-unverified', { verified: false }));
    expect(status).toBe(403);
    expect(answer).toMatchObject({ ok: false, problem: 'unverified' });
    expect(!answer.ok && answer.message).toMatch(/verified email address/);
    expect(await inbox(request.to)).toHaveLength(0);
    expect(await counterOf('mail-unverified')).toBeNull();
  });

  it(`at most ${MAIL_PER_HOUR} an hour: the next is refused with when to try again, and the next hour may send`, async () => {
    const token = idToken('mail-busy');
    under.clock = () => new Date('2026-11-25T14:20:00Z');
    try {
      for (let sent = 0; sent < MAIL_PER_HOUR; sent += 1) {
        expect((await post(codeMail(), token)).status).toBe(200);
      }
      const refused = codeMail();
      const { status, answer } = await post(refused, token);
      expect(status).toBe(429);
      expect(answer).toEqual({
        ok: false,
        problem: 'too-many',
        message: `You can email ${MAIL_PER_HOUR} codes an hour; try again after 15:00 UTC.`,
        retryAt: '2026-11-25T15:00:00.000Z',
      });
      expect(await inbox(refused.to)).toHaveLength(0);
      expect(await counterOf('mail-busy')).toMatchObject({
        hour: '2026-11-25T14',
        count: MAIL_PER_HOUR,
      });

      under.clock = () => new Date('2026-11-25T15:00:05Z');
      expect((await post(refused, token)).answer).toEqual({ ok: true, to: refused.to });
      expect(await inbox(refused.to)).toHaveLength(1);
      expect(await counterOf('mail-busy')).toMatchObject({ hour: '2026-11-25T15', count: 1 });
    } finally {
      under.clock = () => new Date();
    }
  });

  it('an email the SMTP server did not take is not counted, and can be sent again', async () => {
    const request = codeMail();
    const token = idToken('mail-outage');
    smtpDown = true;
    try {
      const { status, answer } = await post(request, token);
      expect(status).toBe(503);
      expect(answer).toMatchObject({ ok: false, problem: 'unavailable' });
    } finally {
      smtpDown = false;
    }
    expect(await counterOf('mail-outage')).toMatchObject({ count: 0, sent: [] });
    expect((await post(request, token)).answer).toEqual({ ok: true, to: request.to });
    expect(await inbox(request.to)).toHaveLength(1);
  });
});

describe('what is refused before anything is counted', () => {
  const refused = async (fields: Record<string, unknown> | string, status: number) => {
    const answer = await post(
      typeof fields === 'string' ? fields : codeMail(fields),
      idToken('mail-checked'),
    );
    expect(answer.status).toBe(status);
    expect(answer.answer.ok).toBe(false);
    return answer.answer as Extract<MailAnswer, { ok: false }>;
  };

  it('a recipient that is not one well-formed address: 400', async () => {
    for (const to of [
      'thandi@example',
      'a@example.test, b@example.test',
      'a@example.test\r\nBcc: b@example.test',
      '',
      42,
    ]) {
      expect((await refused({ to }, 400)).problem).toBe('bad-recipient');
    }
  });

  it('a PNG that is not a PNG, a PDF that is not a PDF, an SVG with script: 400', async () => {
    const html = Buffer.from('<html><body>not a picture</body></html>').toString('base64');
    expect(await refused({ png: html }, 400)).toMatchObject({
      problem: 'bad-file',
      message: 'The PNG file is not a PNG picture.',
    });
    expect((await refused({ pdf: PNG.toString('base64') }, 400)).problem).toBe('bad-file');
    expect((await refused({ svg: 'hello' }, 400)).problem).toBe('bad-file');
    const script = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';
    expect((await refused({ svg: script }, 400)).message).toMatch(/script/);
    expect((await refused({ png: 'not base64!' }, 400)).problem).toBe('bad-file');
  });

  it('a PNG over its limit, or a body over the limit: 413 with a clear message', async () => {
    const large = Buffer.concat([PNG, Buffer.alloc(MAIL_FILE_MAX.png)]);
    expect(await refused({ png: large.toString('base64') }, 413)).toMatchObject({
      problem: 'too-large',
      message: expect.stringContaining('The PNG file is too large to email (at most 1.5 MB)'),
    });
    const body = JSON.stringify(codeMail({ svg: `${SVG}${' '.repeat(MAIL_BODY_MAX)}` }));
    expect(await refused(body, 413)).toMatchObject({
      problem: 'too-large',
      message: expect.stringContaining("The code's files are too large to email"),
    });
  });

  it('a code leading to a blocklisted host: 422; a link that is not a web address: 400', async () => {
    expect(
      (await refused({ link: 'https://www.phish-test.kcw-blocklist.example/login' }, 422)).problem,
    ).toBe('blocked-link');
    expect((await refused({ link: 'javascript:alert(1)' }, 400)).problem).toBe('bad-request');
  });

  it('a body that is not the request: 400', async () => {
    expect((await refused('not json', 400)).problem).toBe('bad-request');
    expect((await refused({ id: 'x' }, 400)).problem).toBe('bad-request');
    expect(await counterOf('mail-checked')).toBeNull();
  });
});
