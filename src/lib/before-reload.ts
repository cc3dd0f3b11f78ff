// Work in progress (a QR draft, say) registers a save here; the app runs every save before it
// reloads itself for a new version, so an update never loses what the user typed.
type Save = () => void | Promise<void>;

const saves = new Set<Save>();

/** Registers a save to run before an app-initiated reload; returns the unregister function. */
export function onBeforeReload(save: Save): () => void {
  saves.add(save);
  return () => saves.delete(save);
}

/** Runs every registered save; one that fails does not stop the others. */
export async function runBeforeReload(): Promise<void> {
  await Promise.allSettled([...saves].map(async (save) => save()));
}
