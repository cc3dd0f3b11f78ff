// The blocklist of short-link targets, as the links function has it (built into both from the one
// file): the dry run flags a dynamic row that leads to a blocked site before anything is sent,
// offline too. The server checks again as it writes, with the list it was deployed with.
import text from '../../../../functions/blocked-domains.txt?raw';
import { parseBlocklist, type Blocklist } from '../../../domain/qr/blocklist';

let parsed: Blocklist | undefined;

export const bulkBlocklist = (): Blocklist => (parsed ??= parseBlocklist(text));
