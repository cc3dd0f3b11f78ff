// The functions' structured log lines (Cloud Logging reads `severity` and `message` from JSON on
// stdout and stderr), and the one way an email that may fail is sent: what it tells of stands,
// and its failure is logged.
import type { OutgoingMail } from './mail-message';
import type { SendMail } from './mail-transport';

/** One log line: its severity, its message, and what else is worth knowing. */
export const log = (
  severity: 'INFO' | 'ERROR',
  message: string,
  detail: Record<string, unknown> = {},
) =>
  (severity === 'ERROR' ? console.error : console.log)(
    JSON.stringify({ severity, message, ...detail }),
  );

/** Sends `mail`; a failure is logged as "<what> not sent", never thrown. */
export const sendOrLog = (
  send: SendMail,
  mail: OutgoingMail,
  what: string,
  detail: Record<string, unknown> = {},
): Promise<void> =>
  send(mail).catch((error: unknown) =>
    log('ERROR', `${what} not sent`, { ...detail, error: String(error) }),
  );
