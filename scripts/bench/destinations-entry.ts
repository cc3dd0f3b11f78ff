// The parts of functions/src the `destinations` section (scripts/bench/destinations.mjs) runs
// outside the Functions emulator: the daily destination check with its safe probe and the
// emulator's seams, the Admin SDK it is given, and the redirect's reading of a request with the
// country look-up (geo.ts). Built by the section with functions/vite.config.ts (as lib/index.js
// is) into a folder of its own; with them, the links' record, so that the bench stores links as
// the server does.
export {
  deleteApp,
  FieldValue,
  getAuth,
  initializeApp,
  openFirestore,
} from '../../functions/src/admin';
export { checkAllDestinations } from '../../functions/src/destination-check';
export { emulatorSeams, probeDestination } from '../../functions/src/destination-probe';
export { requestFacts } from '../../functions/src/classify';
export { countryOf, loadCountries } from '../../functions/src/geo';
export { LINKS, linkPath } from '../../src/domain/records/links';
