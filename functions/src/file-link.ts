// The hosted files of the short links' pages, /q/<link id>/f/<sha256>: the `hosted` function,
// which firebase.json's rewrite sends /q/*/f/** to, apart from the `qr` function that answers
// scans. A download holds a connection for as long as the client takes to read it; on instances
// of their own, a flood of slow downloads can use up only this function's capacity, and every
// printed code keeps answering.
//
// A file passes its link's own checks first, the very code the redirect runs (checkLink in
// redirect.ts: the link exists, is not switched off, deleted or blocked, is within its schedule,
// and a locked link's browser is unlocked), and is served only if the link's page shows it. Then
// file-serve.ts streams it, within one client's limits (file-limits.ts).
import { filesOf } from '../../src/domain/qr/link-policy';
import { clientAddresses } from './client-address';
import { downloadLimits } from './file-limits';
import { storedFileServer, type StreamingResponse } from './file-serve';
import type { FileStore } from './file-store';
import type { HttpRequest } from './http';
import { LinkUnavailable } from './link-reader';
import { pages, sendPage } from './pages';
import { checkLink, logError, notAllowed, shortLinkPath, type LinkChecks } from './redirect';

export interface FileLinkDeps extends LinkChecks {
  readonly store: FileStore;
  /** Takes an answer from a client's (and its peer's) allowance (file-limits.ts). */
  readonly limits?: ReturnType<typeof downloadLimits>;
  /** The most one answer carries (file-serve.ts MAX_ANSWER_BYTES unless given). */
  readonly maxAnswerBytes?: number;
  readonly now?: () => Date;
  readonly log?: (message: string, detail: Record<string, unknown>) => void;
}

export function createFileLink({
  reader,
  blocklist,
  gate,
  store,
  limits = downloadLimits(),
  maxAnswerBytes,
  now = () => new Date(),
  log = logError,
}: FileLinkDeps) {
  const files = storedFileServer(store, {
    maxAnswerBytes,
    admit: (request, bytes) => limits(clientAddresses(request), bytes),
  });

  return async function answerFile(request: HttpRequest, response: StreamingResponse) {
    // As the redirect's answers: never kept by a cache, until the file itself says otherwise.
    response.setHeader('Cache-Control', 'private, no-store');
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      notAllowed(response);
      return;
    }
    const path = shortLinkPath(request.url);
    if (path?.file?.kind !== 'hosted') {
      sendPage(response, method, pages.notFound(path?.id ?? null));
      return;
    }
    const { id } = path;
    const { sha256 } = path.file;
    try {
      // Outside its days or past its limit, a link's files are not there (nor counted).
      const open = await checkLink({ reader, blocklist, gate }, request, response, id, now(), () =>
        sendPage(response, method, pages.notFound(id)),
      );
      if (!open) return;
      // Only the file its page shows, under the owner it belongs to.
      if (!filesOf(open.destination).includes(sha256)) {
        sendPage(response, method, pages.notFound(id));
        return;
      }
      await files.serve(open.link.owner, sha256, request, response);
    } catch (error) {
      log(
        error instanceof LinkUnavailable
          ? 'file not answered: Firestore unreachable and the link not read recently'
          : 'file not answered: reading it failed',
        { id, sha256, error: String(error) },
      );
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.setHeader('Cache-Control', 'private, no-store');
      response.setHeader('Retry-After', '30');
      sendPage(response, method, pages.unavailable(id));
    }
  };
}
