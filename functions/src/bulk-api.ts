// POST /api/bulk: writes a chunk of a checked sheet's rows as saved codes of a workspace (the
// bulk page sends a batch BULK_CHUNK_ROWS rows at a time: src/domain/bulk/bulk-api.ts).
//
// Each row is checked again here, by the same domain rules the page's dry run used (rows.ts:
// the content form's checks, a saved code's limits, the target rule and the blocklist, whether it
// fits in a code), so a forged request gets no further than a typed one. The chunk's codes and
// the workspace's count of codes move together in one transaction, with the caller's role and the
// workspace's standing read in it: a member removed a moment ago is refused, and the count can
// never pass SAVED_CODES_MAX. A row's code id comes from the row (ids.ts), and a code that already
// holds what its row sets is not written again: a chunk sent twice (its answer lost on a cut
// connection) and a sheet uploaded again change only what changed.
//
// Dynamic rows then get their short links one by one through syncLink, the rule every single code
// follows: a verified address, the account's limits, the blocklist, and an entry in the
// workspace's history of printed codes for each link made or pointed elsewhere.
import { bulkApi, BULK_BODY_MAX, type BulkRowResult } from '../../src/domain/bulk/bulk-api';
import { batchSizeProblem, checkValues } from '../../src/domain/bulk/batch';
import { bulkColumns, isBulkType } from '../../src/domain/bulk/columns';
import { bulkRowsAllowed } from '../../src/domain/bulk/limits';
import { batchDesign, rowSetsKey } from '../../src/domain/bulk/rows';
import { standingOf, PLAN_NEEDED_MESSAGE } from '../../src/domain/billing';
import { UNVERIFIED_MESSAGE } from '../../src/domain/qr/link-policy';
import { findQrType } from '../../src/domain/qr/qr-types';
import { SAVED_CODES_MAX, TOO_MANY_CODES_MESSAGE } from '../../src/domain/qr/saved-code';
import { accountPath } from '../../src/domain/records/accounts';
import {
  codeCountFields,
  codePath,
  readCode,
  readCodeCount,
  userPath,
} from '../../src/domain/records/codes';
import { FieldValue, type Auth, type Firestore } from './admin';
import { serveApi } from './api-handler';
import { blocklistOf } from './blocklist';
import type { FileStore } from './file-store';
import { noticeDestinationChange } from './destination-notices';
import { refusal } from './http';
import { syncLink } from './link-sync';
import type { SendMail } from './mail-transport';
import { siteHosts, siteOrigin } from './site';
import type { AccountTermsReader } from './terms';
import { actingIn, refusalToChange, workspaceOf } from './workspace';

const NOT_A_CHUNK = refusal('bad-request', 'Send one chunk of a batch of rows as JSON.');

/** A row's answer before its link is known. */
type Written = Omit<BulkRowResult, 'link' | 'linkMessage'> & { readonly linked: boolean };

export function createBulkApi({
  db,
  auth,
  files,
  terms,
  now = () => new Date(),
  send,
}: {
  db: Firestore;
  auth: Auth;
  /** The hosted files, which syncLink reads for a file's page (a sheet's codes have none). */
  files: FileStore;
  terms: AccountTermsReader;
  now?: () => Date;
  /** How the owners' notices of a new destination are emailed; without it none is. */
  send?: SendMail;
}) {
  const notices = send && { db, auth, send, origin: siteOrigin };
  return serveApi(bulkApi, {
    auth,
    signedOut: 'Sign in again to make the codes of your sheet.',
    unavailable: 'The codes could not be written just now; they will be tried again.',
    routes: [
      {
        method: 'POST',
        request: 'write',
        body: { limit: BULK_BODY_MAX, tooLarge: NOT_A_CHUNK, notJson: NOT_A_CHUNK },
        async answer({ caller, input, request }) {
          const type = findQrType(input.type);
          if (!type || !isBulkType(type.id)) {
            return refusal(
              'bad-request',
              `“${input.type}” is not a type of code a sheet can make.`,
            );
          }
          if (input.rows.some(({ row }) => row >= input.total)) {
            return refusal('bad-request', 'A row’s place is beyond the batch’s number of rows.');
          }
          if (input.dynamic && !caller.verified) return refusal('unverified', UNVERIFIED_MESSAGE);
          const workspace = workspaceOf(caller, input.workspace);
          const site = { origin: siteOrigin(), hosts: siteHosts(request) };
          const columns = bulkColumns(type, input.dynamic);
          const look = {
            type,
            dynamic: input.dynamic,
            design: batchDesign(input.design, input.logo),
            origin: site.origin,
            siteHosts: site.hosts,
            blocklist: blocklistOf(),
          };
          const checked = input.rows.map(({ row, values }) =>
            checkValues(look, columns, input.batch, row, row + 2, values),
          );
          const at = now();

          const written = await db.runTransaction(async (transaction) => {
            const accountRef = db.doc(accountPath(workspace));
            const countRef = db.doc(userPath(workspace));
            const good = checked.filter((row) => row.fields !== null);
            const [acting, account, counted, ...codes] = await Promise.all([
              actingIn(db, caller, workspace, transaction),
              transaction.get(accountRef),
              transaction.get(countRef),
              ...good.map((row) => transaction.get(db.doc(codePath(workspace, row.codeId)))),
            ]);
            const notAllowed = refusalToChange(acting, undefined);
            if (notAllowed) return refusal('not-allowed', notAllowed);
            const { terms: accountTerms, store } = await terms.termsIn(workspace, account);
            const standing = standingOf(accountTerms, at.getTime());
            if (bulkRowsAllowed(standing) === 0) return refusal('plan-needed', PLAN_NEEDED_MESSAGE);
            const tooMany = batchSizeProblem(input.total, standing);
            if (tooMany) return refusal('too-many-rows', tooMany);

            const stored = new Map(good.map((row, index) => [row.codeId, codes[index]!]));
            const results: Written[] = [];
            let created = 0;
            let lastCreated = '';
            for (const row of checked) {
              const answer = (outcome: Written['outcome'], extra: Partial<Written> = {}): void => {
                results.push({
                  row: row.index,
                  code: row.codeId,
                  outcome,
                  linked: false,
                  ...extra,
                });
              };
              if (!row.fields) {
                answer('refused', {
                  message: row.problems.map((problem) => problem.message).join(' '),
                });
                continue;
              }
              const snapshot = stored.get(row.codeId)!;
              const ref = snapshot.ref;
              const before = snapshot.exists ? readCode(row.codeId, snapshot.data()) : null;
              const stamp = FieldValue.serverTimestamp();
              if (!snapshot.exists) {
                transaction.create(ref, {
                  ...row.fields,
                  createdAt: stamp,
                  updatedAt: stamp,
                  createdBy: caller.uid,
                  updatedBy: caller.uid,
                });
                created += 1;
                lastCreated = row.codeId;
                answer('created', { linked: row.fields.dynamic });
                continue;
              }
              const refused = refusalToChange(acting, snapshot.data());
              if (refused) {
                answer('refused', { message: refused });
                continue;
              }
              const linked = row.fields.dynamic || before?.dynamic === true;
              if (before && rowSetsKey(before) === rowSetsKey(row.fields)) {
                answer('unchanged', { linked });
                continue;
              }
              // What the row sets, and no more: the code's design, logo and password stay as they
              // were made or changed since (one code's design tuned after printing is kept).
              transaction.update(ref, {
                type: row.fields.type,
                name: row.fields.name,
                content: row.fields.content,
                files: [],
                hosted: {},
                dynamic: row.fields.dynamic,
                passwordProtected: row.fields.dynamic && before?.passwordProtected === true,
                updatedAt: stamp,
                updatedBy: caller.uid,
              });
              answer('updated', { linked });
            }
            if (readCodeCount(counted.data()) + created > SAVED_CODES_MAX) {
              return refusal('too-many-codes', TOO_MANY_CODES_MESSAGE);
            }
            if (created > 0) {
              transaction.set(
                countRef,
                codeCountFields(FieldValue.increment(created), lastCreated),
                {
                  merge: true,
                },
              );
            }
            if (store) transaction.set(accountRef, store, { merge: true });
            return { ok: true as const, results };
          });
          if (!written.ok) return written;

          // The links, one code at a time, each in its own transaction with the account's limits.
          const rows: BulkRowResult[] = [];
          for (const { linked, ...result } of written.results) {
            if (!linked) {
              rows.push({ ...result, link: null });
              continue;
            }
            const link = await syncLink(
              db,
              caller,
              result.code,
              site,
              now(),
              files,
              terms,
              workspace,
              notices &&
                ((change) => noticeDestinationChange(notices, workspace, caller, change, at)),
            );
            rows.push({
              ...result,
              link: link.link?.id ?? null,
              ...(link.ok ? {} : { linkMessage: link.message }),
            });
          }
          return { ok: true, rows };
        },
      },
    ],
  });
}
