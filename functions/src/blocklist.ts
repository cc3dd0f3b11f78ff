// The blocklist file (functions/blocked-domains.txt), built into the function: a change takes
// effect with the next deploy of the functions.
import text from '../blocked-domains.txt?raw';
import { parseBlocklist, type Blocklist } from '../../src/domain/qr/blocklist';

let parsed: Blocklist | undefined;

export const blocklistOf = (): Blocklist => (parsed ??= parseBlocklist(text));
