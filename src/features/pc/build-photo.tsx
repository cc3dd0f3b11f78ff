// A photo on a build's timeline. It is fetched with the customer's ID token (the builds function
// shows it to them and to staff alone: an <img> cannot send a token), then kept on this device:
// a photo's address names its bytes' hash, so it never changes, and the timeline shows it offline
// once it has been seen (until the account signs out: lib/account-files.ts).
import { useEffect, useState } from 'react';
import { buildPhotoPath } from '../../domain/pc-builds';
import { idToken } from '../../lib/auth/session';
import { accountFiles as photos } from '../../lib/account-files';

/** The photo's bytes: from this device, else from the server (kept here for next time). */
async function photoBlob(build: string, sha256: string): Promise<Blob | null> {
  const kept = await photos.get(sha256).catch(() => null);
  if (kept instanceof Blob) return kept;
  const token = await idToken().catch(() => null);
  if (!token) return null;
  const response = await fetch(buildPhotoPath(build, sha256), {
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => null);
  if (!response?.ok) return null;
  const blob = await response.blob();
  // A photo that cannot be kept still shows now.
  await photos.set(sha256, blob).catch(() => undefined);
  return blob;
}

export function BuildPhoto({ build, sha256, alt }: { build: string; sha256: string; alt: string }) {
  const [shown, setShown] = useState<{ sha256: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    void photoBlob(build, sha256).then((blob) => {
      if (!live) return;
      url = blob ? URL.createObjectURL(blob) : null;
      setShown({ sha256, url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [build, sha256]);
  if (shown?.sha256 !== sha256) return <span className="pc__photo pc__photo--waiting" />;
  if (!shown.url) {
    return (
      <span className="pc__photo pc__photo--missing">A photo: it shows once you are online.</span>
    );
  }
  return (
    <a href={shown.url} target="_blank" rel="noreferrer" className="pc__photo">
      <img src={shown.url} alt={alt} loading="lazy" />
    </a>
  );
}
