// An account's standing (trial, plan, or neither: src/domain/billing.ts) as the server reads it,
// to enforce what a plan unlocks: new dynamic codes and their changes (link-sync.ts), new hosted
// files (file-api.ts). The trial starts at sign-up, which Firebase Auth records; the first time
// the server needs it, it is stored in accounts/{uid}.terms, where the billing page reads it and
// the company can change it (a longer trial for a customer) with the Admin SDK.
import { standingOf, type AccountTerms, type Standing } from '../../src/domain/billing';
import { accountPath, readAccount, trialStartFields } from '../../src/domain/records/accounts';
import type { Auth, DocumentSnapshot, Firestore, Transaction } from './admin';
import { Timestamp } from './admin';

export class AccountTermsReader {
  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
  ) {}

  /**
   * When the account was made (Firebase Auth's record), in milliseconds. A workspace outlives its
   * account when other owners carry it on: the deletion stores the trial's start first
   * (account-delete.ts), so this is not asked then; should it be, a workspace whose account is
   * gone gets no new trial (its start is the epoch's, long over).
   */
  async signedUpAt(uid: string): Promise<number> {
    const user = await this.auth.getUser(uid).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    });
    if (!user) return 0;
    const made = Date.parse(user.metadata.creationTime);
    return Number.isNaN(made) ? Date.now() : made;
  }

  /**
   * The terms in `account` (a read of accounts/{uid}), with the trial's start from Auth while
   * none is stored; `store` is what to merge into the account to keep it (null: nothing new).
   */
  async termsIn(
    uid: string,
    account: DocumentSnapshot,
  ): Promise<{ terms: AccountTerms; store: Record<string, unknown> | null }> {
    const record = readAccount(account.data());
    const terms = record.terms(record.trialStored ? 0 : await this.signedUpAt(uid));
    return {
      terms,
      store: record.trialStored
        ? null
        : trialStartFields(Timestamp.fromMillis(terms.trialStartedAt)),
    };
  }

  /** The standing of `uid` at `now`, read in `transaction` when given. */
  async standing(uid: string, now: Date, transaction?: Transaction): Promise<Standing> {
    const ref = this.db.doc(accountPath(uid));
    const account = transaction ? await transaction.get(ref) : await ref.get();
    const { terms } = await this.termsIn(uid, account);
    return standingOf(terms, now.getTime());
  }
}
