// The upload of a chosen file, under its field in the content form: it starts as soon as the file
// is chosen by a signed-in account with a verified email, online, and shows how far it is; Cancel
// stops it and the next try goes on from what the server holds. Until it can start, the draft keeps
// the file (on this device) and the page says what it waits for; saving the code uploads it too.
// It uploads to the workspace the person works in, once that is known: a team chosen on this
// device is known a moment after the page loads, and the file must not go to one's own meanwhile.
import { useEffect } from 'react';
import type { FileFieldId } from '../../../domain/qr/content';
import { useAuth } from '../../../lib/auth/session';
import { useOnline } from '../../../lib/use-online';
import { useChosenWorkspaceId } from '../../../lib/workspace/workspace';
import { UploadProgress } from './upload-progress';
import { uploader, useUpload } from './uploader';

export function FileUpload({ file, field }: { file: File; field: FileFieldId }) {
  const { user } = useAuth();
  // The device's choice, without listing the teams (no Firestore on the wizard's screens).
  const workspace = useChosenWorkspaceId(user?.uid ?? null);
  const online = useOnline();
  const state = useUpload(file);
  const ready = user !== null && user.emailVerified;

  useEffect(() => {
    if (!ready || !online || !workspace) return;
    // Once per file and workspace: the uploader joins an upload under way, and resumes a waiting
    // one.
    if (uploader.stateOf(file) === undefined) uploader.ensure(file, field, workspace);
  }, [ready, online, workspace, file, field]);

  if (!ready) {
    return (
      <p className="field__hint upload-note">
        {user
          ? 'Your file uploads to our server once your email address is verified (the demo page offers the email again). Your draft keeps it until then.'
          : 'Your file uploads to our server once you sign in (saving the code asks you to). Your draft keeps it until then.'}
      </p>
    );
  }
  if (!state) {
    return online ? null : (
      <p className="field__hint upload-note" role="status">
        You are offline: your draft keeps the file, and it uploads when you are back online.
      </p>
    );
  }
  return (
    <UploadProgress
      state={state}
      onCancel={() => uploader.cancel(file)}
      onRetry={() => uploader.ensure(file, field, workspace ?? undefined)}
    />
  );
}
