// "Your data" on /UserAccount: the account's rights over what it keeps here (South Africa's POPIA),
// to take a copy of it and to have it deleted; the privacy policy says what is kept.
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { SignInMethod } from '../../../lib/auth/account-core';
import type { SessionUser } from '../../../lib/auth/session';
import { DeleteAccount } from './data-rights-delete';
import { DownloadData } from './data-rights-download';
import './account-settings.css';

export function DataRights({
  user,
  methods,
}: {
  user: SessionUser;
  methods: readonly SignInMethod[];
}) {
  return (
    <section className="panel data-rights" aria-labelledby="data-rights-title">
      <h2 id="data-rights-title">Your data</h2>
      <p>
        You may have a copy of everything we keep about your account, and have it deleted. What we
        keep and why is in our <Link to={paths.privacy}>privacy policy</Link>.
      </p>
      <DownloadData user={user} methods={methods} />
      <DeleteAccount user={user} methods={methods} />
    </section>
  );
}
