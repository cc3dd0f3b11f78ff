// The local mail catcher: MailDev (the npm package maildev) takes every email the `mail` function
// sends in the Functions emulator, keeps it in memory and shows it, so `npm start` and the tests
// need no mail account and send nothing out.
//
//   SMTP      127.0.0.1:1025  what the function sends to (functions/src/mail-transport.ts)
//   web page  http://127.0.0.1:1080/  the caught emails, their attachments included
//   REST API  GET http://127.0.0.1:1080/api/email  every email as JSON (filter by field, e.g.
//             ?to.address=someone@example.test); GET /api/email/<id>/attachment/<generatedFileName>
//             an attachment's bytes; DELETE /api/email/<id> one email
//
// Both bind 127.0.0.1 only. Nothing is relayed (no outgoing host, no auto-relay), senders' addresses
// are not looked up in DNS, and MailDev checks for no updates, so it never reaches another machine. Its mail directory is a fresh temporary
// folder, removed on stop, so two catchers (`npm start` beside the function tests) never share one.
// scripts/serve/serve.mjs starts it beside the Firebase emulators; tests/functions start their own on
// free ports. Run alone with `node scripts/serve/mail-catcher.mjs`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MailDev } from 'maildev';

export const MAIL_SMTP_PORT = 1025;
export const MAIL_WEB_PORT = 1080;
const HOST = '127.0.0.1';
/** The newest emails kept: a long `npm start` session does not grow without end. */
const KEEP = 500;

/**
 * Starts the catcher (ports 0: free ones) and resolves once both ports listen, with the ports
 * taken, the web address and `stop()`.
 * @param {{ smtpPort?: number, webPort?: number }} [options]
 */
export async function startMailCatcher({
  smtpPort = MAIL_SMTP_PORT,
  webPort = MAIL_WEB_PORT,
} = {}) {
  const folder = await mkdtemp(join(tmpdir(), 'kcw-mail-'));
  // Every setting that could reach out is given: no relay, no web login, nothing from a config
  // file or MAILDEV_* variables (the constructor reads neither; the CLI would).
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: HOST,
    web: webPort,
    webIp: HOST,
    mailDirectory: folder,
    maxEmails: KEEP,
    silent: true,
    mcp: false,
  });
  const log = console.info;
  // MailDev announces its web server on console.info even when silent; the caller says where
  // it runs instead.
  console.info = () => undefined;
  let servers;
  try {
    servers = await maildev.start();
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    console.info = log;
  }
  // The SMTP server (smtp-server) looks up each sender's address in reverse DNS, which asks the
  // machine's name server: another host. MailDev has no setting for it; smtp-server reads this
  // option at each connection, and none has come yet.
  const smtpOptions = servers.smtp.smtp?.options;
  if (!smtpOptions) {
    await maildev.stop();
    throw new Error(
      'MailDev changed: its SMTP server options are not where this script sets them.',
    );
  }
  smtpOptions.disableReverseLookup = true;
  const web = servers.api?.getAddress();
  return {
    smtpPort: servers.smtp.getAddress().port,
    webPort: web?.port ?? webPort,
    webUrl: `http://${HOST}:${web?.port ?? webPort}`,
    async stop() {
      await maildev.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catcher = await startMailCatcher();
  console.log(`Mail catcher: SMTP on ${HOST}:${catcher.smtpPort}, emails on ${catcher.webUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void catcher.stop().then(() => process.exit(0)));
  }
}
