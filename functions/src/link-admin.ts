// What the company's switch for short links (scripts/admin/link-admin.mjs) shares with the
// functions and the page, built beside the functions into lib/link-admin.js: the link's document
// and its figures as every side reads them, and what a switch stores.
export { readCountShard, linkCountsPath } from '../../src/domain/records/link-counts';
export { linkPath, readLink, switchedLink } from '../../src/domain/records/links';
