// Which built files a visitor's device installs, and which only a signed-in user's: mobile data is
// dear, and an anonymous visitor can never open the QR screens (they need an account), so their
// code (Cloud Firestore, jsPDF, the ZXing scan check...) is not downloaded at the service worker's
// install. The service worker caches it when someone signs in (src/lib/member-assets.ts).
//
// Worked out from the build's own module graph, not from a list of names: a file is a member's
// when it is reached only through a module of the QR feature (src/features/qr/), of the PC
// dashboard (src/features/pc/), of Firestore (src/lib/firestore/) or of the staff's desk
// (src/features/desk/), but not through the desk alone (the staff's: staffFiles). Everything the
// entry reaches otherwise, statically or by a lazy route, is the visitor's, and so is any file the
// graph does not explain (kept, to be safe offline). The desk is no visitor's page: what it shares
// with the members' screens (the upload protocol, the builds' rules) is cached at sign-in, not
// installed on every visitor's phone.

/** Modules only signed-in users run. */
const MEMBER_MODULE = /\/src\/(features\/(qr|pc)|lib\/firestore)\//;

/** Modules only the company's staff run: the desk. */
const STAFF_MODULE = /\/src\/features\/desk\//;

/** The list the service worker reads when someone signs in (emitted beside sw.js). */
export const MEMBER_ASSETS_FILE = 'member-assets.json';

/**
 * The files of a Rollup bundle (chunks and assets, by file name) that only members (or staff)
 * need: none of the desk's own (staffFiles), which no member's sign-in caches.
 * @param {Record<string, any>} bundle Rollup's output bundle
 * @returns {Set<string>}
 */
export function memberFiles(bundle) {
  const staff = staffFiles(bundle);
  const beyond = beyondVisitors(bundle, (id) => MEMBER_MODULE.test(id) || STAFF_MODULE.test(id));
  return new Set([...beyond].filter((file) => !staff.has(file)));
}

/**
 * The files of a Rollup bundle that no visitor reaches: those the entries reach only through a
 * module `isRoot` names (statically or lazily), with the assets they name.
 * @param {Record<string, any>} bundle Rollup's output bundle
 * @param {(id: string) => boolean} isMemberModule
 * @returns {Set<string>}
 */
function beyondVisitors(bundle, isMemberModule) {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const assets = Object.values(bundle).filter((file) => file.type === 'asset');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const memberRoot = (chunk) =>
    Boolean(chunk.facadeModuleId && isMemberModule(chunk.facadeModuleId));

  // The visitor's chunks: from the entries, along static imports and lazy imports of modules
  // that are not the members'.
  const visitor = new Set();
  const queue = chunks.filter((chunk) => chunk.isEntry && !memberRoot(chunk));
  while (queue.length > 0) {
    const chunk = queue.pop();
    if (visitor.has(chunk.fileName)) continue;
    visitor.add(chunk.fileName);
    for (const name of chunk.imports ?? []) if (byName.has(name)) queue.push(byName.get(name));
    for (const name of chunk.dynamicImports ?? []) {
      const next = byName.get(name);
      if (next && !memberRoot(next)) queue.push(next);
    }
  }
  const members = new Set(
    chunks.map((chunk) => chunk.fileName).filter((name) => !visitor.has(name)),
  );

  // Assets (CSS, workers, WebAssembly, pictures) go with the files that name them: a visitor's
  // file naming one makes it the visitor's; otherwise a member's file (or a member's asset, as a
  // worker naming its .wasm) makes it a member's. One no file names stays the visitor's.
  const textOf = (file) =>
    file.type === 'chunk'
      ? file.code
      : typeof file.source === 'string'
        ? file.source
        : file.fileName.endsWith('.js') || file.fileName.endsWith('.css')
          ? Buffer.from(file.source).toString('utf8')
          : '';
  const baseName = (name) => name.slice(name.lastIndexOf('/') + 1);
  const namedBy = (asset, files) =>
    files.some((file) => file !== asset && textOf(file).includes(baseName(asset.fileName)));
  const cssOf = (chunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
  const visitorCss = new Set(chunks.filter((chunk) => visitor.has(chunk.fileName)).flatMap(cssOf));
  const visitorFiles = [...chunks.filter((chunk) => visitor.has(chunk.fileName))];
  let changed = true;
  while (changed) {
    changed = false;
    for (const asset of assets) {
      if (members.has(asset.fileName) || visitorCss.has(asset.fileName)) continue;
      if (namedBy(asset, visitorFiles)) continue;
      const memberNamers = [
        ...chunks.filter((chunk) => members.has(chunk.fileName)),
        ...assets.filter((other) => members.has(other.fileName)),
      ];
      const memberCss = chunks
        .filter((chunk) => members.has(chunk.fileName))
        .some((chunk) => cssOf(chunk).includes(asset.fileName));
      if (memberCss || namedBy(asset, memberNamers)) {
        members.add(asset.fileName);
        changed = true;
      }
    }
  }
  return members;
}

/**
 * The files only the company's staff need (the desk, src/features/desk/): neither precached for
 * visitors nor cached at a member's sign-in, so no customer's device downloads them; a member of
 * staff fetches them when they open the desk, online, as it needs to be.
 * @param {Record<string, any>} bundle Rollup's output bundle
 * @returns {Set<string>}
 */
export const staffFiles = (bundle) => beyondVisitors(bundle, (id) => STAFF_MODULE.test(id));
