// A saved code's files on their way to the server, in its row of My QR Codes: how far each upload
// is, with Cancel and Try again (from the copy this device keeps). Nothing once they are in.
import type { SavedCode } from '../../../domain/qr/saved-code';
import { UploadProgress } from '../uploads/upload-progress';
import { uploader, useUploads } from '../uploads/uploader';
import { uploadKeptFiles } from './code-uploads';

/** `place`: who keeps the code's files on this device, and the workspace it is saved in. */
export function CodeUploadStatus({
  code,
  place,
}: {
  code: SavedCode;
  place: { readonly uid: string; readonly workspace: string } | null;
}) {
  const uploads = useUploads();
  const files = Object.values(code.hosted);
  return (
    <>
      {files.map((file) => {
        const state = uploads.get(file.sha256);
        if (!state || state.status === 'done') return null;
        return (
          <UploadProgress
            key={file.sha256}
            state={state}
            onCancel={() => uploader.cancel(file.sha256)}
            onRetry={() => {
              if (place) uploadKeptFiles(place.uid, code.id, place.workspace);
            }}
          />
        );
      })}
    </>
  );
}
