// The photos staff add to a build's step, sent as every hosted file is: made smaller on this
// device first (a phone's photo, 3 to 5 MB, becomes about 1600 pixels on its longest side, some
// 300 KB as JPEG: the customer sees it on mobile data), then its SHA-256 worked out, its upload
// started, and its bytes sent in chunks of CHUNK_BYTES from where the server's copy ends (the
// desk function hosts it for the build's customer; functions/src/desk-api.ts). The step that
// shows it is saved only once every photo is complete.
import { DESK_PHOTO_PATH, deskApi, deskPhotoChunkPath } from '../../domain/desk-api';
import { fileKinds, checkFile } from '../../domain/qr/files';
import { CHUNK_BYTES } from '../../domain/qr/hosting';
import { PHOTO_LONGEST_SIDE } from '../../domain/pc-builds';
import { callForAnswer, type NoAnswerWords } from '../../lib/site-api';

const NO_ANSWER: NoAnswerWords = {
  offline: 'You are offline: the photo could not be sent. Try again once you are back online.',
  signedOut: 'Sign in again to use the desk.',
  notAnAnswer: (status) => `The photo could not be sent just now (HTTP ${status}). Try again.`,
};

/** The photo as it is sent: JPEG, its longest side at most PHOTO_LONGEST_SIDE pixels. */
export async function smallerPhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be drawn.'))),
      'image/jpeg',
      0.85,
    ),
  );
}

const hexOf = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** What uploading one photo came to: its hash, to name it on the step, or why it did not go. */
export type PhotoSent = { ok: true; sha256: string } | { ok: false; message: string };

/** Makes `file` smaller and uploads it for build `build`; never throws. */
export async function sendPhoto(build: string, file: File): Promise<PhotoSent> {
  const problem = checkFile(fileKinds.image, file);
  if (problem) return { ok: false, message: `${file.name}: ${problem}` };
  let photo: Blob;
  try {
    photo = await smallerPhoto(file);
  } catch {
    return { ok: false, message: `${file.name} could not be read as a picture.` };
  }
  const sha256 = hexOf(await crypto.subtle.digest('SHA-256', await photo.arrayBuffer()));
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  let answer = await callForAnswer(
    deskApi,
    DESK_PHOTO_PATH,
    { build, sha256, size: photo.size, name },
    NO_ANSWER,
  );
  // From where the server's copy ends, a chunk at a time, until it says the photo is complete.
  for (let sent = 0; sent < 1 + Math.ceil(photo.size / CHUNK_BYTES); sent += 1) {
    if (answer.ok && answer.complete) return { ok: true, sha256 };
    const from = answer.ok ? answer.received : answer.problem === 'offset' ? answer.received : null;
    if (from === null || from === undefined) break;
    answer = await callForAnswer(
      deskApi,
      deskPhotoChunkPath(build, sha256, from),
      photo.slice(from, from + CHUNK_BYTES),
      NO_ANSWER,
      { method: 'PUT' },
    );
  }
  return {
    ok: false,
    message: `${file.name}: ${answer.ok ? 'the upload did not finish; try again.' : answer.message}`,
  };
}
