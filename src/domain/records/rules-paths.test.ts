// firestore.rules cannot import the records modules, so it writes the collections' names itself.
// This holds both sides to the same names: a collection renamed in one place and not the other
// fails here, rather than leaving the rules guarding a path nobody writes any more.
import { describe, expect, it } from 'vitest';
import rules from '../../../firestore.rules?raw';
import { accountPath, passwordChangesPath } from './accounts';
import { codePath, userPath } from './codes';
import { COUNTS } from './link-counts';
import { filePath } from './files';
import { linkPath, linkPrivatePath } from './links';
import { historyEntryPath } from './history';
import { invitePath } from './invites';
import { MEMBERS, memberPath, membersPath } from './members';
import { noticePath } from './notices';
import { mailCounterPath, orderCounterPath } from './mail';
import { INVOICES_PATH, orderPath } from './orders';
import { auditEntryPath, STAFF, staffPath } from './staff';
import { BUILD_SEQUENCE_PATH, buildPath } from './builds';
import { reportPath } from './reports';
import { UNLOCK_KEY_PATH } from './system';
import { linkVisitorsPath, saltPath } from './visitors';

/** Every `match /…` of the rules, as its full path below /documents (nested matches joined). */
function matchedPaths(text: string): string[] {
  const paths: string[] = [];
  const open: (string | null)[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*match \/(\S+) \{/.exec(line);
    if (match) {
      const parent = open.filter((part): part is string => !!part).join('/');
      const path = match[1].startsWith('databases/') ? '' : match[1];
      open.push(path);
      if (path) paths.push(parent ? `${parent}/${path}` : path);
      continue;
    }
    for (const char of line) {
      if (char === '{') open.push(null);
      if (char === '}') open.pop();
    }
  }
  return paths;
}

/** The documents the rules' functions name (`/databases/$(database)/documents/…`). */
const SEGMENT = String.raw`(?:\w+|\$\(\w+\))`;
const namedPaths = (text: string) =>
  [...text.matchAll(new RegExp(String.raw`/documents/(${SEGMENT}(?:/${SEGMENT})*)`, 'g'))].map(
    ([, path]) => path.replaceAll(/\$\((\w+)\)/g, '{$1}'),
  );

const firstSegment = (path: string) => path.split('/')[0];

describe('the collections firestore.rules matches', () => {
  const matched = matchedPaths(rules);

  it('are the records modules’ paths, written the same way', () => {
    expect(matched).toEqual(
      expect.arrayContaining([
        userPath('{uid}'),
        codePath('{uid}', '{codeId}'),
        linkPath('{id}'),
        `${linkVisitorsPath('{id}')}/{visitor}`,
        `{path=**}/${COUNTS}/{shard}`,
        accountPath('{uid}'),
        orderPath('{id}'),
        memberPath('{uid}', '{member}'),
        `{path=**}/${MEMBERS}/{member}`,
        invitePath('{hash}'),
        historyEntryPath('{uid}', '{entry}'),
        noticePath('{uid}', '{member}'),
        staffPath('{uid}'),
        auditEntryPath('{entry}'),
        buildPath('{id}'),
        reportPath('{report}'),
      ]),
    );
    expect(matched).toHaveLength(16);
    expect(namedPaths(rules)).toEqual(
      expect.arrayContaining([
        userPath('{uid}'),
        codePath('{uid}', '{id}'),
        // The caller's own member document: $(request.auth.uid) ends what this test reads.
        membersPath('{workspace}'),
        STAFF,
      ]),
    );
  });

  it('leave out every server-only record, so that no client reads or writes it', () => {
    const guarded = new Set(matched.flatMap((path) => path.split('/')));
    // Collections of their own...
    for (const path of [
      filePath('owner', 'hash'),
      mailCounterPath('uid'),
      orderCounterPath('uid'),
      saltPath('2026-01-01'),
      UNLOCK_KEY_PATH,
      INVOICES_PATH,
      BUILD_SEQUENCE_PATH,
    ]) {
      expect(guarded, path).not.toContain(firstSegment(path));
    }
    // ...and documents under a matched one: a sub-collection is closed unless a rule names it.
    const under = (path: string, parent: string) => firstSegment(path.slice(parent.length + 1));
    expect(guarded).not.toContain(under(linkPrivatePath('id'), linkPath('id')));
    expect(guarded).not.toContain(under(passwordChangesPath('uid'), accountPath('uid')));
  });

  it('are found by this test’s reading of the rules', () => {
    expect(
      matchedPaths('match /databases/{d}/documents {\n match /a/{x} {\n match /b/{y} {\n }\n }\n}'),
    ).toEqual(['a/{x}', 'a/{x}/b/{y}']);
  });
});
