// POST /api/mail/code (functions/src/mail-api.ts) over real HTTP, against the Firestore and Auth
// emulators, sending through nodemailer to a real SMTP server: a MailDev catcher of this file's own
// on free ports (scripts/serve/mail-catcher.mjs), read back through its REST API. The codes emailed are
// saved as the app saves them (users/{uid}/codes/{id}), and the emailed PNG is read back by ZXing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { FieldValue } from '../../functions/src/admin';
import { codeSvg } from '../../functions/src/code-files';
import { smtpSender, type SendMail } from '../../functions/src/mail-transport';
import { siteOrigin } from '../../functions/src/site';
import { freePort } from '../../scripts/serve/ports.mjs';
import { startMailCatcher } from '../../scripts/serve/mail-catcher.mjs';
import { fileBaseName } from '../../src/domain/file-name';
import {
  MAIL_BODY_MAX,
  MAIL_CODE_PATH,
  MAIL_PER_HOUR,
  MAIL_RECIPIENTS_PER_DAY,
  recipientLimitMessage,
  type CodeMail,
  type MailAnswer,
} from '../../src/domain/mail';
import { codeText } from '../../src/domain/qr/code-text';
import { emptyContent, type QrContent } from '../../src/domain/qr/content';
import { defaultDesign, type QrDesign } from '../../src/domain/qr/design';
import { emptyDraft } from '../../src/domain/qr/draft';
import type { QrTypeId } from '../../src/domain/qr/qr-types';
import { savedCodeFrom, savedFields } from '../../src/domain/qr/saved-code';
import { printedLinkUrl, shortLinkUrl } from '../../src/domain/qr/short-link';
import { svgFile } from '../../src/domain/qr/drawing/file-sizes';
import { idToken, serverLink, useFunctions } from './servers';
import { codesPath } from '../../src/domain/records/codes';
import { mailCounterPath } from '../../src/domain/records/mail';

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

// ZXing reads the emailed PNG as a phone would: from the file's bytes (it decodes PNG itself).
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
});

async function scanned(png: Buffer): Promise<string | null> {
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['QRCode'],
    tryHarder: true,
  });
  return results.find((result) => result.isValid)?.text ?? null;
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A link the old server's script filter let through: `javascript:` written as entities. */
const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a href="&#106;avascript:alert(document.domain)"><rect width="10" height="10"/></a></svg>';

let saves = 0;

/** Saves a code for `uid` as the app saves it (the rules' fields); returns its id and what it holds. */
async function saveCode(
  uid: string,
  {
    type = 'web',
    text = { websiteUrl: 'https://kemptoncodeworks.co.za/shop' },
    name = 'Shop window',
    design = {},
    dynamic = false,
  }: {
    type?: QrTypeId;
    text?: Partial<QrContent['text']>;
    name?: string;
    design?: Partial<QrDesign<never>>;
    dynamic?: boolean;
  } = {},
) {
  saves += 1;
  const id = `code${saves}${Math.random().toString(36).slice(2, 8)}`;
  const fields = savedFields(
    {
      ...emptyDraft,
      step: 'demo',
      type,
      content: { ...emptyContent, text: { ...emptyContent.text, ...text, qrName: name } },
      design: { ...defaultDesign, ...design, logo: null },
      dynamic,
    },
    name,
    { logo: null },
  );
  const stamp = FieldValue.serverTimestamp();
  await codeDoc(uid, id).set({ ...fields, createdAt: stamp, updatedAt: stamp });
  return { id, fields };
}

const codeDoc = (uid: string, id: string) => under.db.collection(codesPath(uid)).doc(id);

/** The server's own drawing of a saved code, as its SVG file: what the email must carry. */
async function drawnSvg(uid: string, id: string, linkId: string | null = null): Promise<string> {
  const saved = savedCodeFrom(id, (await codeDoc(uid, id).get()).data())!;
  const { text } = codeText(saved, linkId, siteOrigin());
  const drawn = await codeSvg(saved.design, text!);
  if (!drawn.ok) throw new Error(drawn.message);
  return svgFile(drawn.svg);
}

let requests = 0;
/** A request as the page sends it, for the code `code`, to a recipient of this test's own. */
function codeMail(code: string, fields: Partial<Record<string, unknown>> = {}): CodeMail {
  requests += 1;
  return {
    id: `request-${Date.now().toString(36)}-${requests}`,
    to: `reader-${requests}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    code,
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
    headers: {
      'Content-Type': 'application/json',
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

/** Every email the catcher holds. */
async function allMail(): Promise<Caught[]> {
  return (await (await fetch(`${catcher!.webUrl}/api/email`)).json()) as Caught[];
}

async function attachment(email: Caught, name: string): Promise<Buffer> {
  const file = email.attachments.find((item) => item.filename === name)!;
  const response = await fetch(
    `${catcher!.webUrl}/api/email/${email.id}/attachment/${file.generatedFileName}`,
  );
  return Buffer.from(await response.arrayBuffer());
}

const counterOf = async (uid: string) =>
  (await under.db.doc(mailCounterPath(uid)).get()).data() ?? null;

describe('a verified account emails a saved code', () => {
  it('sends one message to the address, with the PNG, SVG and PDF the server drew of the saved code', async () => {
    const uid = 'mail-sender';
    const name = 'Shop <b>window</b> & co';
    const { id } = await saveCode(uid, {
      name,
      design: { frame: 'rounded-bottom-tab', frameText: 'Scan for specials', pattern: 'dots' },
    });
    const request = codeMail(id);
    const { status, answer } = await post(request, idToken(uid));
    expect(answer).toEqual({ ok: true, to: request.to });
    expect(status).toBe(200);

    const [email, ...more] = await inbox(request.to);
    expect(more).toHaveLength(0);
    expect(email.to.map((address) => address.address)).toEqual([request.to]);
    expect(email.from[0].address).toBe('codes@kcw.example');
    expect(email.subject).toBe('Your QR code “Shop <b>window</b> & co”');
    // Named as the downloads name the code's files.
    const base = fileBaseName(name);
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
    // The PNG scans to where the saved code leads; the SVG is the server's drawing of it.
    expect(await scanned(await attachment(email, `${base}.png`))).toBe(
      'https://kemptoncodeworks.co.za/shop',
    );
    expect((await attachment(email, `${base}.svg`)).toString('utf8')).toBe(await drawnSvg(uid, id));
    const pdf = await attachment(email, `${base}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The code, where it leads and the way back to My QR Codes, in both bodies; the name escaped.
    const origin = siteOrigin();
    expect(email.text).toContain('Here is your QR code “Shop <b>window</b> & co”.');
    expect(email.text).toContain('Scanning it opens https://kemptoncodeworks.co.za/shop');
    expect(email.text).toContain(`My QR Codes: ${origin}/UserQRCodes`);
    expect(email.html).toContain('Shop &lt;b&gt;window&lt;/b&gt; &amp; co');
    expect(email.html).not.toContain('<b>window');
    expect(email.html).toContain(`<a href="${origin}/UserQRCodes">My QR Codes</a>`);
    // The first code this server draws, as its drawing modules load: give it the time.
  }, 45_000);

  it('a request sent again (the answer was lost) is answered, not emailed twice', async () => {
    const { id } = await saveCode('mail-repeater');
    const request = codeMail(id);
    const token = idToken('mail-repeater');
    expect((await post(request, token)).answer).toEqual({ ok: true, to: request.to });
    expect((await post(request, token)).answer).toEqual({ ok: true, to: request.to, repeat: true });
    expect(await inbox(request.to)).toHaveLength(1);
    expect(await counterOf('mail-repeater')).toMatchObject({ count: 1 });
  });

  it('a code without a name or a web address says nothing of either', async () => {
    const { id } = await saveCode('mail-plain', {
      type: 'wifi',
      text: { wifiSSID: 'Kempton Guests', encrypt: 'WPA/WPA2', wifiPassword: 'welcome-2026' },
      name: '',
    });
    const request = codeMail(id);
    expect((await post(request, idToken('mail-plain'))).status).toBe(200);
    const [email] = await inbox(request.to);
    expect(email.subject).toBe('Your QR code');
    expect(email.text).not.toContain('Scanning it opens');
    expect(email.attachments.map((file) => file.filename)).toEqual([
      'qr-code.png',
      'qr-code.svg',
      'qr-code.pdf',
    ]);
    expect(await scanned(await attachment(email, 'qr-code.png'))).toMatch(
      /^WIFI:.*S:Kempton Guests;/,
    );
  });

  it('a dynamic code goes with its own short link, which its PNG holds', async () => {
    const uid = 'mail-dynamic';
    const { id } = await saveCode(uid, { dynamic: true, name: 'Flyer' });
    const linkId = await serverLink(under, {
      owner: uid,
      code: id,
      target: 'https://kemptoncodeworks.co.za/shop',
    });
    const request = codeMail(id);
    expect((await post(request, idToken(uid))).answer).toEqual({ ok: true, to: request.to });
    const [email] = await inbox(request.to);
    const origin = siteOrigin();
    expect(email.text).toContain(`Scanning it opens ${shortLinkUrl(origin, linkId)}`);
    expect(await scanned(await attachment(email, 'Flyer.png'))).toBe(
      printedLinkUrl(origin, linkId),
    );
    expect((await attachment(email, 'Flyer.svg')).toString('utf8')).toBe(
      await drawnSvg(uid, id, linkId),
    );
  });

  it('a dynamic code whose short link is not made yet: 503 to try again, nothing sent or counted', async () => {
    const uid = 'mail-early';
    const { id } = await saveCode(uid, { dynamic: true });
    const request = codeMail(id);
    const { status, answer } = await post(request, idToken(uid));
    expect(status).toBe(503);
    expect(answer).toMatchObject({ ok: false, problem: 'not-ready' });
    expect(await inbox(request.to)).toHaveLength(0);
    expect(await counterOf(uid)).toBeNull();
  });
});

describe('nothing but the saved code reaches the email', () => {
  it('a request that brings its own files, name or link is refused, and nothing is emailed', async () => {
    const uid = 'mail-relay';
    const { id } = await saveCode(uid);
    const extras = {
      svg: EVIL_SVG,
      png: PNG_1x1.toString('base64'),
      pdf: PDF.toString('base64'),
      name: 'Your account is locked',
      link: 'https://www.phish-test.kcw-blocklist.example/login',
    };
    for (const [field, value] of Object.entries(extras)) {
      const one = codeMail(id, { [field]: value });
      const { status, answer } = await post(one, idToken(uid));
      expect({ field, status }).toEqual({ field, status: 400 });
      expect(answer).toMatchObject({ ok: false, problem: 'bad-request' });
      expect(!answer.ok && answer.message).toMatch(/Reload the page/);
      expect(await inbox(one.to)).toHaveLength(0);
    }
    const all = codeMail(id, extras);
    expect((await post(all, idToken(uid))).status).toBe(400);
    expect(await inbox(all.to)).toHaveLength(0);
    expect(await counterOf(uid)).toBeNull();
    expect(JSON.stringify(await allMail())).not.toContain('Your account is locked');
  });

  it('whatever a saved code holds, the SVG emailed is the server’s drawing, with no script or link in it', async () => {
    const uid = 'mail-hostile';
    const { id, fields } = await saveCode(uid);
    // Written past the app's checks, as a client could try: every string a drawing reads.
    const hostile = '"/><a href="&#106;avascript:alert(1)"><text>x</text></a><x y="';
    await codeDoc(uid, id).update({
      name: `<a href="&#106;avascript:alert(1)">Shop</a>`,
      'content.text.qrName': `<a href="&#106;avascript:alert(1)">Shop</a>`,
      design: {
        ...fields.design,
        frame: hostile,
        frameText: `<a href="&#106;avascript:alert(1)">Scan</a>`,
        pattern: hostile,
        patternColor1: hostile,
        patternColor2: `#000" onload="alert(1)`,
        backgroundColor1: hostile,
        cornerFrame: hostile,
        cornerFrameColor: hostile,
      },
      logo: `data:image/svg+xml;base64,${Buffer.from(EVIL_SVG).toString('base64')}`,
    });
    const request = codeMail(id);
    expect((await post(request, idToken(uid))).status).toBe(200);
    const [email] = await inbox(request.to);
    const svgFileName = email.attachments.find((file) => file.filename.endsWith('.svg'))!.filename;
    const svg = (await attachment(email, svgFileName)).toString('utf8');
    expect(svg).toBe(await drawnSvg(uid, id));
    expect(svg).not.toMatch(/<a[\s>]|<script|\son[a-z]+\s*=|avascript|&#/i);
    expect(email.html).not.toContain('<a href="&#106;');
    expect(await scanned(await attachment(email, svgFileName.replace(/svg$/, 'png')))).toBe(
      'https://kemptoncodeworks.co.za/shop',
    );
  });

  it("another account's code, or none: 404, nothing emailed or counted", async () => {
    const { id } = await saveCode('mail-owner');
    for (const code of [id, 'no-such-code']) {
      const request = codeMail(code);
      const { status, answer } = await post(request, idToken('mail-borrower'));
      expect(status).toBe(404);
      expect(answer).toMatchObject({ ok: false, problem: 'no-code' });
      expect(await inbox(request.to)).toHaveLength(0);
    }
    expect(await counterOf('mail-borrower')).toBeNull();
  });
});

describe('who may send', () => {
  it('without a token, or with one that is not real: 401 with a message, nothing sent', async () => {
    const { id } = await saveCode('mail-sender');
    const request = codeMail(id);
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
    const { id } = await saveCode('mail-unverified');
    const request = codeMail(id);
    const { status, answer } = await post(request, idToken('mail-unverified', { verified: false }));
    expect(status).toBe(403);
    expect(answer).toMatchObject({ ok: false, problem: 'unverified' });
    expect(!answer.ok && answer.message).toMatch(/verified email address/);
    expect(await inbox(request.to)).toHaveLength(0);
    expect(await counterOf('mail-unverified')).toBeNull();
  });

  it(`at most ${MAIL_PER_HOUR} an hour: the next is refused with when to try again, and the next hour may send`, async () => {
    const token = idToken('mail-busy');
    const { id } = await saveCode('mail-busy');
    under.clock = () => new Date('2026-11-25T14:20:00Z');
    try {
      for (let sent = 0; sent < MAIL_PER_HOUR; sent += 1) {
        expect((await post(codeMail(id), token)).status).toBe(200);
      }
      const refused = codeMail(id);
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
  }, 45_000);

  it(`at most ${MAIL_RECIPIENTS_PER_DAY} different addresses a day: the next new one is refused and not emailed; one already emailed takes no place`, async () => {
    const uid = 'mail-spreader';
    const token = idToken(uid);
    const { id } = await saveCode(uid);
    const reached: string[] = [];
    try {
      // Within the hourly limit: the day's addresses filled over four hours.
      for (let index = 0; index < MAIL_RECIPIENTS_PER_DAY; index += 1) {
        const hour = 8 + Math.floor(index / MAIL_PER_HOUR);
        under.clock = () => new Date(`2026-11-25T${String(hour).padStart(2, '0')}:10:00Z`);
        const request = codeMail(id);
        expect((await post(request, token)).status).toBe(200);
        reached.push(request.to);
      }
      under.clock = () => new Date('2026-11-25T13:10:00Z');
      const next = codeMail(id);
      const { status, answer } = await post(next, token);
      expect(status).toBe(429);
      expect(answer).toEqual({
        ok: false,
        problem: 'too-many-recipients',
        message: recipientLimitMessage(new Date('2026-11-26T00:00:00Z'), 'UTC'),
        retryAt: '2026-11-26T00:00:00.000Z',
      });
      expect(await inbox(next.to)).toHaveLength(0);
      // The same address in other case is no new one.
      expect((await post(codeMail(id, { to: next.to.toUpperCase() }), token)).status).toBe(429);

      // An address emailed today may be emailed again.
      const again = codeMail(id, { to: reached[0] });
      expect((await post(again, token)).answer).toEqual({ ok: true, to: reached[0] });
      expect(await inbox(reached[0]!)).toHaveLength(2);

      // The next day, new addresses again.
      under.clock = () => new Date('2026-11-26T00:00:05Z');
      expect((await post(next, token)).answer).toEqual({ ok: true, to: next.to });
      expect(await inbox(next.to)).toHaveLength(1);
      const counter = await counterOf(uid);
      expect(counter).toMatchObject({ day: '2026-11-26' });
      // The addresses are kept as keys, never as they are.
      expect(JSON.stringify(counter)).not.toContain('@example.test');
    } finally {
      under.clock = () => new Date();
    }
    // Twenty-three emails, each drawn by the server.
  }, 90_000);

  it('an email the SMTP server did not take is not counted, and can be sent again', async () => {
    const { id } = await saveCode('mail-outage');
    const request = codeMail(id);
    const token = idToken('mail-outage');
    smtpDown = true;
    try {
      const { status, answer } = await post(request, token);
      expect(status).toBe(503);
      expect(answer).toMatchObject({ ok: false, problem: 'unavailable' });
    } finally {
      smtpDown = false;
    }
    expect(await counterOf('mail-outage')).toMatchObject({ count: 0, sent: [], recipients: [] });
    expect((await post(request, token)).answer).toEqual({ ok: true, to: request.to });
    expect(await inbox(request.to)).toHaveLength(1);
  });
});

describe('what is refused before anything is counted', () => {
  const refused = async (body: object | string, status: number) => {
    const answer = await post(body, idToken('mail-checked'));
    expect(answer.status).toBe(status);
    expect(answer.answer.ok).toBe(false);
    return answer.answer as Extract<MailAnswer, { ok: false }>;
  };

  it('a recipient that is not one well-formed address: 400', async () => {
    const { id } = await saveCode('mail-checked');
    for (const to of [
      'thandi@example',
      'a@example.test, b@example.test',
      'a@example.test\r\nBcc: b@example.test',
      '',
      42,
    ]) {
      expect((await refused(codeMail(id, { to }), 400)).problem).toBe('bad-recipient');
    }
  });

  it('a body over the limit: 413 with a clear message', async () => {
    const body = JSON.stringify(codeMail('x', { to: `${'a'.repeat(MAIL_BODY_MAX)}@example.test` }));
    expect(await refused(body, 413)).toMatchObject({
      problem: 'too-large',
      message: expect.stringContaining('The request is too large'),
    });
  });

  it('a code leading to a blocklisted host: 422', async () => {
    const { id } = await saveCode('mail-checked', {
      text: { websiteUrl: 'https://www.phish-test.kcw-blocklist.example/login' },
    });
    expect((await refused(codeMail(id), 422)).problem).toBe('blocked-link');
  });

  it('a body that is not the request: 400', async () => {
    expect((await refused('not json', 400)).problem).toBe('bad-request');
    expect((await refused({ id: 'x' }, 400)).problem).toBe('bad-request');
    expect((await refused(codeMail('a/b'), 400)).problem).toBe('bad-request');
    expect(await counterOf('mail-checked')).toBeNull();
  });
});
