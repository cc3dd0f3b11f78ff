// The country a scan came from, read from the client's address while the request is in memory;
// the address itself is never stored (classify.ts keeps only the country's code, scan-counter.ts
// counts it). The database ships with the functions: @ip-location-db/geo-whois-asn-country-mmdb
// (7.8 MB, IPv4 and IPv6 in one MaxMind-format file; the package says CC0-1.0, its data is the
// regional internet registries' under CC BY 4.0, attributed to the NRO, nro.net, on the privacy
// page), read with mmdb-lib (MIT). It needs no network: the file is read once per instance, at the
// first scan, and each look-up is a walk of a binary tree in memory, a few microseconds.
//
// Country only: the open databases that also name the province come with cities (DB-IP's city
// lite, 134 MB unpacked), more than a 256 MiB instance answering 80 scans at once should hold.
// GEO_COUNTRY_DB may name another .mmdb file of the same shape (a newer one from the project's
// GitHub releases, where its updates now come from).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';

/** A record of this database: not one of MaxMind's shapes, which the reader's types name. */
interface CountryRecord {
  readonly country_code?: unknown;
}

let reader: Reader<Response> | null | undefined;

/** The database, read at the first look-up; null if it cannot be read (then no country is known). */
function database(env: Readonly<Record<string, string | undefined>> = process.env) {
  if (reader !== undefined) return reader;
  try {
    const file =
      env.GEO_COUNTRY_DB ??
      createRequire(import.meta.url).resolve(
        '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
      );
    reader = new Reader<Response>(readFileSync(file));
  } catch (error) {
    console.error(
      JSON.stringify({
        severity: 'ERROR',
        message: 'country database not read',
        error: String(error),
      }),
    );
    reader = null;
  }
  return reader;
}

/** Loads the database now (a cold start's cost, for the bench); whether it could be read. */
export const loadCountries = (): boolean => database() !== null;

/**
 * The ISO 3166-1 alpha-2 code of the country `address` is registered in ('ZA'), or null when it
 * is not known (no address, a private one, not in the database).
 */
export function countryOf(address: string | null): string | null {
  if (!address) return null;
  const db = database();
  if (!db) return null;
  try {
    const code = (db.get(address) as CountryRecord | null)?.country_code;
    return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
  } catch {
    // Not an address the reader understands.
    return null;
  }
}
