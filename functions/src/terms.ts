// An account's standing (trial, plan, or neither: src/domain/billing.ts) as the server reads it,
// to enforce what a plan unlocks: new dynamic codes and their changes (link-sync.ts), new hosted
// files (file-api.ts). The trial starts at sign-up, which Firebase Auth records; the first time
// the server needs it, it is stored in accounts/{uid}.terms, where the billing page reads it and
// the company can change it (a longer trial for a customer) with the Admin SDK.
import { standingOf, termsOf, type AccountTerms, type Standing } from '../../src/domain/billing';
import type { Auth, DocumentSnapshot, Firestore, Transaction } from './admin';
import { Timestamp } from './admin';

export class AccountTermsReader {
  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
  ) {}

  /** When the account was made (Firebase Auth's record), in milliseconds. */
  async signedUpAt(uid: string): Promise<number> {
    const user = await this.auth.getUser(uid);
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
    const stored: unknown = account.get('terms');
    const hasStart = typeof stored === 'object' && stored !== null && 'trialStartedAt' in stored;
    const terms = termsOf(stored, hasStart ? 0 : await this.signedUpAt(uid));
    return {
      terms,
      store: hasStart
        ? null
        : { terms: { trialStartedAt: Timestamp.fromMillis(terms.trialStartedAt) } },
    };
  }

  /** The standing of `uid` at `now`, read in `transaction` when given. */
  async standing(uid: string, now: Date, transaction?: Transaction): Promise<Standing> {
    const ref = this.db.collection('accounts').doc(uid);
    const account = transaction ? await transaction.get(ref) : await ref.get();
    const { terms } = await this.termsIn(uid, account);
    return standingOf(terms, now.getTime());
  }
}
