// Where the `mail` function sends from: an SMTP server, set by environment variables
//   SMTP_HOST, SMTP_PORT, SMTP_SECURE ('true': TLS from the start, usually port 465; otherwise
//   STARTTLS, which a server other than this machine must offer), SMTP_USER and SMTP_PASS (when
//   the server wants a login; the password from Secret Manager when deployed), MAIL_FROM.
// Deployed, SMTP_HOST and MAIL_FROM must be set, or the function answers that email is not set up.
// In the Functions emulator (`npm start`, the end-to-end tests) mail always goes to the local mail
// catcher on 127.0.0.1:1025 (scripts/serve/mail-catcher.mjs), whatever else is set (the emulator also
// reads functions/.env): a local run never sends real email, and never reaches another host.
import { createTransport } from 'nodemailer';
import type { OutgoingMail } from './mail-message';

export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
  readonly user?: string;
  readonly pass?: string;
  readonly from: string;
}

/** The local mail catcher's SMTP port (scripts/serve/mail-catcher.mjs MAIL_SMTP_PORT). */
export const LOCAL_SMTP_PORT = 1025;
const LOCAL_FROM = 'Kempton Code Works <codes@kemptoncodeworks.co.za>';

type Env = Readonly<Record<string, string | undefined>>;

/** The SMTP settings from `env`, or why email cannot be sent (a sentence for the log). */
export function smtpSettings(env: Env = process.env): SmtpSettings | string {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (env.FUNCTIONS_EMULATOR === 'true') {
    return {
      host: '127.0.0.1',
      port: LOCAL_SMTP_PORT,
      secure: false,
      from: value('MAIL_FROM') ?? LOCAL_FROM,
    };
  }
  const host = value('SMTP_HOST');
  const from = value('MAIL_FROM');
  if (!host || !from) {
    return `Email is not set up: ${[!host && 'SMTP_HOST', !from && 'MAIL_FROM'].filter(Boolean).join(' and ')} not set.`;
  }
  const secure = value('SMTP_SECURE') === 'true';
  const port = Number(value('SMTP_PORT') ?? (secure ? 465 : 587));
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    return `Email is not set up: SMTP_PORT is not a port number (${value('SMTP_PORT')}).`;
  }
  const user = value('SMTP_USER');
  return { host, port, secure, from, ...(user ? { user, pass: env.SMTP_PASS ?? '' } : {}) };
}

/** Sends one message; rejects when the server did not take it. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

/** Email cannot be sent at all: the function's settings lack the SMTP server (see smtpSettings). */
export class MailNotConfigured extends Error {}

/**
 * A sender by the settings of the environment, read at the first message (an instance's
 * environment does not change); every message rejects with MailNotConfigured when they lack one.
 */
export function configuredSender(env: Env = process.env): SendMail {
  let sender: SendMail | undefined;
  return (mail) => {
    if (!sender) {
      const settings = smtpSettings(env);
      if (typeof settings === 'string') return Promise.reject(new MailNotConfigured(settings));
      sender = smtpSender(settings);
    }
    return sender(mail);
  };
}

const isLoopback = (host: string) => host === 'localhost' || /^(127\.|::1$)/.test(host);

/** A sender through the SMTP server of `settings`, one connection per message. */
export function smtpSender(settings: SmtpSettings): SendMail {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // A server on another machine is spoken to over TLS only: the message carries the person's
    // address and the login its password.
    requireTLS: !settings.secure && !isLoopback(settings.host),
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
    // A server that hangs must not hold the request for minutes: the page says to try again.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (mail) => {
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((attachment) => ({ ...attachment })),
      ...(mail.headers ? { headers: { ...mail.headers } } : {}),
    });
  };
}
