// The largest code writes the app makes, held within the security rules' limits per request with
// a margin: measured on the Firestore emulator (rules-cost.ts says how), as the account itself and
// as an editor kept to their own codes (the dearest path: the rules read their member document
// and check who made the code), for a new code (in one batch with the count, as saved-codes.ts
// writes it), an edit and a delete.
import { readFileSync } from 'node:fs';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, setLogLevel, Timestamp, type Firestore } from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contentItems,
  emptyContent,
  fileFields,
  listFields,
  textFields,
  type FileFieldId,
  type ListFieldId,
} from '../../src/domain/qr/content';
import { defaultDesign, FRAME_TEXT_MAX } from '../../src/domain/qr/design';
import { emptyDraft, type QrDraft } from '../../src/domain/qr/draft';
import { canBeDynamic } from '../../src/domain/qr/dynamic';
import type { HostedFile } from '../../src/domain/qr/hosting';
import { qrTypes } from '../../src/domain/qr/qr-types';
import {
  HOSTED_NAME_MAX,
  LOGO_MAX_CHARS,
  savedFields,
  type SavedCodeFields,
} from '../../src/domain/qr/saved-code';
import { codePath, codeCountFields, userPath } from '../../src/domain/records/codes';
import { memberFields, memberPath } from '../../src/domain/records/members';
import { deleteCode, saveNewCode, updateCode } from '../../src/features/qr/codes/saved-codes';
import {
  ACCESS_CALLS_MAX,
  accessCallsOf,
  BATCH_ACCESS_CALLS_MAX,
  EXPRESSIONS_MAX,
  expressionsOf,
  projectWith,
  type AccessCalls,
  type Request,
} from './rules-cost';

const RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

// ---------------------------------------------------------------------------------------------
// The largest code the app saves: from a draft with the fields of the type that holds the most
// characters each at its limit (and those every form has; a draft keeps the fields of every type
// tried), every list full, a file in every upload field, the logo at its limit, every design key
// (the frame's words at their limit), dynamic and with a password; saved as the type whose code
// then keeps the most hosted files (savedFields decides which of the draft's files a code keeps:
// its own type's), then the most characters. The rules' cost hangs on which fields and branches a
// code has, not on their lengths; the lengths make it the largest document too.

const dynamicTypes = qrTypes.filter((type) => canBeDynamic(type.id));
const widest = dynamicTypes
  .map((type) => {
    const ids = contentItems(type).flatMap((item) => (item.kind === 'text' ? [item.id] : []));
    return { ids, length: ids.reduce((sum, id) => sum + textFields[id].maxLength, 0) };
  })
  .sort((a, b) => b.length - a.length)[0];
const uploads = Object.keys(fileFields) as FileFieldId[];
const hostedFile = (id: FileFieldId): HostedFile => ({
  sha256: 'a'.repeat(64),
  name: `${id}-${'n'.repeat(HOSTED_NAME_MAX - id.length - 1)}`,
  size: 1,
  type: 'application/octet-stream',
});
const fullDraft: QrDraft<{ name: string }> = {
  ...emptyDraft,
  step: 'design',
  content: {
    text: {
      ...emptyContent.text,
      ...Object.fromEntries(widest.ids.map((id) => [id, 'x'.repeat(textFields[id].maxLength)])),
    },
    lists: Object.fromEntries(
      Object.entries(listFields).map(([id, spec]) => [
        id,
        Array.from({ length: spec.max }, () => 'h'.repeat(spec.item.maxLength)),
      ]),
    ) as Record<ListFieldId, string[]>,
    files: Object.fromEntries(uploads.map((id) => [id, { name: hostedFile(id).name }])),
  },
  design: { ...defaultDesign, frameText: 'f'.repeat(FRAME_TEXT_MAX), logo: null },
  dynamic: true,
};
const logoPrefix = 'data:image/png;base64,';
const hostedCount = (fields: SavedCodeFields) => Object.keys(fields.hosted).length;
const largest = dynamicTypes
  .map((type) =>
    savedFields({ ...fullDraft, type: type.id } as QrDraft<unknown>, '', {
      logo: logoPrefix + 'A'.repeat(LOGO_MAX_CHARS - logoPrefix.length),
      hosted: Object.fromEntries(uploads.map((id) => [id, hostedFile(id)])),
    }),
  )
  .sort(
    (a, b) =>
      hostedCount(b) - hostedCount(a) || JSON.stringify(b).length - JSON.stringify(a).length,
  )[0];
// ---------------------------------------------------------------------------------------------
// Who writes, and the requests

type CallerId = 'account' | 'editor';
const callers: Record<CallerId, string> = {
  account: 'the account itself',
  editor: 'an editor kept to their own codes',
};
const MEMBER = 'thandi';
const uidOf = (caller: CallerId, workspace: string) => (caller === 'editor' ? MEMBER : workspace);

const CODE = 'largest';
const earlier = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));

/**
 * The workspace as the caller finds it: its count, the editor's member document, and the
 * caller's code of `saved` fields when given.
 */
const seeded =
  (caller: CallerId, saved: SavedCodeFields | null) =>
  (env: RulesTestEnvironment, workspace: string) =>
    env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await setDoc(doc(db, userPath(workspace)), codeCountFields(saved ? 1 : 0, CODE));
      if (caller === 'editor') {
        await setDoc(
          doc(db, memberPath(workspace, MEMBER)),
          memberFields(workspace, MEMBER, 'editor', `${MEMBER}@example.co.za`, earlier, true),
        );
      }
      if (saved) {
        const by = uidOf(caller, workspace);
        await setDoc(doc(db, codePath(workspace, CODE)), {
          ...saved,
          createdBy: by,
          updatedBy: by,
          createdAt: earlier,
          updatedAt: earlier,
        });
      }
    });

/** The caller's new code, edit (of every field, as Edit saves) and delete, of `fields`. */
function requests(caller: CallerId, fields: SavedCodeFields) {
  const by = (workspace: string) => uidOf(caller, workspace);
  const create: Request = {
    seed: seeded(caller, null),
    send: (db: Firestore, workspace) => saveNewCode(db, workspace, by(workspace), fields).written,
    caller: by,
  };
  const update: Request = {
    seed: seeded(caller, fields),
    send: (db, workspace) => updateCode(db, workspace, by(workspace), CODE, fields),
    caller: by,
  };
  const remove: Request = {
    seed: seeded(caller, fields),
    send: (db, workspace) => deleteCode(db, workspace, CODE),
    caller: by,
  };
  return { create, update, delete: remove };
}

// ---------------------------------------------------------------------------------------------
// What is measured, and what it measured

// The statements of firestore.rules a code write is evaluated against: the code's own, and the
// count's (users/{uid}), which comes with a create and a delete in their batch. The emulator
// holds each write of a batch to the limit on its own.
const CODES = '/users/{uid}/codes/{codeId}';
const COUNT = '/users/{uid}';
const statements = {
  create: { block: CODES, methods: 'create', request: 'create' },
  createCount: { block: COUNT, methods: 'create, update', request: 'create' },
  update: { block: CODES, methods: 'update', request: 'update' },
  delete: { block: CODES, methods: 'delete', request: 'delete' },
  deleteCount: { block: COUNT, methods: 'create, update', request: 'delete' },
} as const;
type Statement = keyof typeof statements;
type RequestName = 'create' | 'update' | 'delete';

// Measured on 5 December 2026 (emulator of google-cloud-cli-firestore-emulator, Java 17), the
// largest code (one hosted file), in expressions of the 1,000 each write may take:
//
//   statement           account itself   editor kept to own codes
//   new code            796              859
//     its count         112              175
//   edit                745              855
//   delete               94              204
//     its count         148              211
//
// Each further hosted file cost 74: a code that kept the files of every type its draft had tried
// (five hosted) took 1,092 for the account's new code and was refused, until a code kept only its
// own type's file. Document access calls (of 10 a write, 20 a batch): the account 5 for a new code
// or a delete (the count's exists, get and getAfter, the code's exists and existsAfter: 2
// documents) and none for an edit; the editor 2 more for each (their member document's exists and
// get, in mayIn; mayChangeCode's get of it is the same call: 1 document more). The emulator holds
// each write of a batch to 1,000 expressions alone; were a batch's writes counted together, the
// editor's new code and its count would take 1,034.
// The searches start at these figures (rules-cost.ts), so an unchanged figure costs two loads of
// the rules.
const MEASURED: Record<CallerId, Record<Statement, number>> = {
  account: { create: 796, createCount: 112, update: 745, delete: 94, deleteCount: 148 },
  editor: { create: 859, createCount: 175, update: 855, delete: 204, deleteCount: 211 },
};

// The room each write must leave: the dearest, the editor's new code, left 141 when measured, so
// a change of the rules may add 21 expressions to it before this fails. One more check per field
// costs 3 to 10; a hosted file 74 (a code hosting several again would be refused, and fail this).
// Past that, make room first (as the QR block does: one pattern per map's keys, the long texts
// together) rather than lower the margin.
const EXPRESSIONS_MARGIN = 120;

interface Figures {
  readonly expressions: Record<Statement, number>;
  readonly calls: Record<RequestName, AccessCalls>;
}
const figures = {} as Record<CallerId, Figures>;

/** `calls` with the run's workspace and code ids put as names, to compare runs. */
const named = (calls: readonly string[]) =>
  calls.map((call) =>
    call.replace(/users\/[^/ ]+/, 'users/{workspace}').replace(/codes\/[^/ ]+/, 'codes/{code}'),
  );

const callerIds = Object.keys(callers) as CallerId[];
const requestNames: RequestName[] = ['create', 'update', 'delete'];

async function measure() {
  const plain = await projectWith(RULES);
  try {
    const [expressions, calls] = await Promise.all([
      Promise.all(
        callerIds.map(async (caller) => {
          const made = requests(caller, largest);
          const entries = await Promise.all(
            (Object.keys(statements) as Statement[]).map(async (name) => {
              const { block, methods, request } = statements[name];
              const cost = await expressionsOf(
                RULES,
                block,
                methods,
                made[request],
                MEASURED[caller][name],
              );
              return [name, cost] as const;
            }),
          );
          return Object.fromEntries(entries) as Record<Statement, number>;
        }),
      ),
      // One request at a time on the project: its report says what each did.
      (async () => {
        const made: Record<string, AccessCalls>[] = [];
        for (const caller of callerIds) {
          const requestsOf = requests(caller, largest);
          const entry: Record<string, AccessCalls> = {};
          for (const name of requestNames)
            entry[name] = await accessCallsOf(plain, requestsOf[name]);
          made.push(entry);
        }
        return made as Record<RequestName, AccessCalls>[];
      })(),
    ]);
    callerIds.forEach((caller, index) => {
      figures[caller] = { expressions: expressions[index], calls: calls[index] };
    });
  } finally {
    await plain.cleanup();
  }
}

function print() {
  for (const caller of callerIds) {
    const { expressions, calls } = figures[caller];
    console.log(`The largest code (${largest.type}), by ${callers[caller]}:`);
    console.table(
      Object.fromEntries(
        (Object.keys(statements) as Statement[]).map((name) => [
          name,
          { expressions: expressions[name], 'room left': EXPRESSIONS_MAX - expressions[name] },
        ]),
      ),
    );
    console.table(
      Object.fromEntries(
        requestNames.map((name) => [
          name,
          { 'access calls': calls[name].calls.length, documents: calls[name].documents.length },
        ]),
      ),
    );
  }
}

describe('the rules’ cost of the largest code writes', () => {
  beforeAll(async () => {
    // Each refused try of the search is also logged by the SDK; the figures say it all.
    setLogLevel('error');
    await measure();
    print();
  }, 600_000);

  it('measures one expression as one', async () => {
    const rules = (condition: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /calibration/{id} {
      allow create: if ${condition};
    }
  }
}`;
    const create: Request = {
      seed: async () => undefined,
      send: (db, workspace) => setDoc(doc(db, 'calibration', workspace), { x: 1 }),
      caller: () => 'calibration',
    };
    const [literal, field] = await Promise.all([
      expressionsOf(rules('true'), '/calibration/{id}', 'create', create, 1),
      expressionsOf(
        rules('request.resource.data.x == 1'),
        '/calibration/{id}',
        'create',
        create,
        6,
      ),
    ]);
    expect(literal).toBe(1);
    // request, .resource, .data, .x, the 1 and the ==.
    expect(field).toBe(6);
  }, 120_000);

  for (const caller of callerIds) {
    it(`as ${callers[caller]}: a new code, an edit and a delete leave room in both limits`, () => {
      const { expressions, calls } = figures[caller];
      for (const [name, cost] of Object.entries(expressions)) {
        expect(cost, name).toBeLessThanOrEqual(EXPRESSIONS_MAX - EXPRESSIONS_MARGIN);
      }
      for (const name of requestNames) {
        // The whole batch within a single write's limit, so each of its writes is too.
        expect(calls[name].calls.length, name).toBeLessThanOrEqual(ACCESS_CALLS_MAX);
        expect(calls[name].calls.length, name).toBeLessThanOrEqual(BATCH_ACCESS_CALLS_MAX);
      }
    });
  }

  it('a member’s write reads one document more than the account’s: their member document', () => {
    for (const name of requestNames) {
      const own = named(figures.account.calls[name].calls);
      const theirs = named(figures.editor.calls[name].calls);
      expect(
        theirs.filter((call) => !own.includes(call)),
        name,
      ).toEqual([
        `exists users/{workspace}/members/${MEMBER}`,
        `get users/{workspace}/members/${MEMBER}`,
      ]);
      expect(
        own.filter((call) => !theirs.includes(call)),
        name,
      ).toEqual([]);
      expect(
        figures.editor.calls[name].documents.length - figures.account.calls[name].documents.length,
        name,
      ).toBe(1);
    }
  });

  it('measures the largest code: every field at its limit, and its one hosted file', () => {
    expect(hostedCount(largest)).toBe(1);
    expect(largest.files).toHaveLength(1);
    expect(largest.logo).toHaveLength(LOGO_MAX_CHARS);
    expect(largest.dynamic && largest.passwordProtected).toBe(true);
    expect(Object.keys(largest.design).sort()).toEqual(
      Object.keys(defaultDesign)
        .filter((key) => key !== 'logo')
        .sort(),
    );
  });
});
