// "Download my data": everything the account holds, read from the server when asked
// (data-rights-read.ts) and saved as a file made on this device (src/domain/account-export.ts):
// a complete JSON copy, or a CSV with one row per code for a spreadsheet.
import { useState } from 'react';
import {
  accountCsv,
  accountJsonText,
  exportFileName,
  type AccountData,
} from '../../../domain/account-export';
import type { SignInMethod } from '../../../lib/auth/account-core';
import type { SessionUser } from '../../../lib/auth/session';
import { FormAlert, StatusMessage } from '../../../lib/ui/field';
import { saveFile } from '../../../lib/save-file';
import { readAccountData } from './data-rights-read';

const formats = [
  {
    extension: 'json',
    label: 'Download my data (JSON)',
    type: 'application/json',
    text: accountJsonText,
  },
  {
    extension: 'csv',
    label: 'Download my data (CSV)',
    type: 'text/csv;charset=utf-8',
    text: accountCsv,
  },
] as const satisfies readonly {
  extension: 'json' | 'csv';
  label: string;
  type: string;
  text: (data: AccountData) => string;
}[];

const FAILED =
  'Your data could not be read from our server. Check your connection, then try again.';

const codesSaid = (count: number) => (count === 1 ? '1 code' : `${count} codes`);

export function DownloadData({
  user,
  methods,
}: {
  user: SessionUser;
  methods: readonly SignInMethod[];
}) {
  const [reading, setReading] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (format: (typeof formats)[number]) => {
    if (reading) return;
    setReading(true);
    setFailed(false);
    setSaid('Reading your data…');
    try {
      const data = await readAccountData({ ...user, signInMethods: methods });
      const name = exportFileName(data.exportedAt, format.extension);
      saveFile(new Blob([format.text(data)], { type: format.type }), name);
      setSaid(`Saved ${name}, with ${codesSaid(data.codes.length)}.`);
    } catch (error) {
      console.error(error);
      setSaid(null);
      setFailed(true);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="data-rights__part">
      <h3>Download your data</h3>
      <p>
        Every code you saved, with its content, design, dates and who made it; each dynamic code’s
        short link and its scans per day; your account’s details, usage and orders; the teams you
        belong to; and your workspace’s people (members and pending invites) and the history of its
        printed codes. The JSON file holds all of it; the CSV file has a row per code, for a
        spreadsheet.
      </p>
      <div className="data-rights__actions">
        {formats.map((format) => (
          <button
            key={format.extension}
            type="button"
            className="button button--ghost"
            aria-disabled={reading}
            onClick={() => void download(format)}
          >
            {format.label}
          </button>
        ))}
      </div>
      <StatusMessage message={said} />
      {failed ? <FormAlert>{FAILED}</FormAlert> : null}
    </div>
  );
}
