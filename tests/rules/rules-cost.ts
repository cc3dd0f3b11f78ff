// What one request costs the security rules, measured on the Firestore emulator that
// global-setup.ts starts: the expressions its evaluation takes, and its document access calls
// (get, exists, getAfter, existsAfter). Production refuses a request past either limit, so a
// rule added to a write the app makes must leave room for it (rules-cost.test.ts).
//
// How, and why this way (tried on the emulator of google-cloud-cli-firestore-emulator):
// - Expressions. The emulator's rule coverage report (GET
//   /emulator/v1/projects/<id>:ruleCoverage) counts how often each expression was evaluated, but
//   it does not give a request's cost: it adds up every evaluation the request made (a write is
//   tried as a create and as an update, and evaluated again once the documents the rules read
//   are loaded), leaves literals out, and counts an `&&` once where the limit counts it twice
//   (a write refused at the limit showed 608 in its report). The emulator does enforce the limit,
//   on each evaluation of each write of a request ("Unable to evaluate the expression as the
//   maximum of 1000 expressions to evaluate has been reached"). So the statement measured is
//   given n expressions more, a list of n zeros in front of its condition
//   (`[0, …, 0].size() >= 0 && (…)`: n, and 6 for the list, `.size()`, the `0`, `>=` and the
//   `&&`, which counts two), and the most n with which the request still goes through is found:
//   the statement costs the rest of the 1,000, the most of its evaluations. Measured so, `true`
//   costs 1, `1 == 1` 3, a function call 1 besides its arguments and body, and costs add up
//   exactly (rules-cost.test.ts checks the first two). Padding chosen by the request instead (a
//   claim of the ID token choosing lists, so that the rules need loading only once) did not add
//   up: the emulator let a padded `true` and a padded `1 == 1` through at the same n. So every n
//   tried is a ruleset of its own, loaded into a project of its own (1-2 s on a busy machine), and
//   the search starts at the cost expected, where two loads confirm it.
// - Document access calls. The emulator refuses a write's 11th call (and a batch's 21st), where
//   calls of one kind on one path count once and `exists(p)` and `get(p)` count two. The report
//   holds each call with the path it was given, so the difference between the report before and
//   after one request gives its calls: the distinct (call, path) pairs, and the documents among
//   them (each read once, however many calls name it).
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { inject } from 'vitest';

/** The most expressions one evaluation takes, and the most access calls of a write and a batch. */
export const EXPRESSIONS_MAX = 1000;
export const ACCESS_CALLS_MAX = 10;
export const BATCH_ACCESS_CALLS_MAX = 20;

/** What the padding costs besides its zeros (see the top of this file). */
const PADDING_OVERHEAD = 6;
/** The most a statement can be measured at: one that takes more is refused unpadded. */
export const MEASURABLE_MAX = EXPRESSIONS_MAX - PADDING_OVERHEAD;

/** A request the app makes, with what it finds. Each run is given a workspace of its own. */
export interface Request {
  /** Writes what the request finds in `workspace`, past the rules. */
  seed(env: RulesTestEnvironment, workspace: string): Promise<void>;
  /**
   * Makes the request in `workspace` with `db`, signed in as `caller(workspace)` with a verified
   * address; resolves once the server has taken it, rejects when the rules refuse it.
   */
  send(db: Firestore, workspace: string): Promise<void>;
  caller(workspace: string): string;
}

let projects = 0;
let runs = 0;

/** A project of its own on the emulator, with `rules`. */
export function projectWith(rules: string): Promise<RulesTestEnvironment> {
  projects += 1;
  return initializeTestEnvironment({
    projectId: `demo-kcw-cost-${process.pid}-${projects}`,
    firestore: { ...inject('firestore'), rules },
  });
}

/** Runs `request` once on `env`; why the rules refused it, or null. */
async function refusalOf(env: RulesTestEnvironment, request: Request): Promise<string | null> {
  runs += 1;
  const workspace = `acme-${runs}`;
  await request.seed(env, workspace);
  const db = env.authenticatedContext(request.caller(workspace), { email_verified: true });
  const firestore = db.firestore();
  try {
    await request.send(firestore as unknown as Firestore, workspace);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    // Each run's client goes, and its connection with it.
    await firestore.terminate();
  }
}

/**
 * `rules` with `padding` expressions more in front of the condition of the statement
 * `allow <methods>: if …;` in the block `match <block> {`.
 */
export function padded(rules: string, block: string, methods: string, padding: number): string {
  const blockStart = rules.indexOf(`match ${block} {`);
  const marker = `allow ${methods}: if `;
  const start = blockStart < 0 ? -1 : rules.indexOf(marker, blockStart);
  if (start < 0) throw new Error(`The rules have no "${marker}" in "match ${block}".`);
  const from = start + marker.length;
  const end = statementEnd(rules, from);
  const zeros = Array.from({ length: padding }, () => '0').join(', ');
  return `${rules.slice(0, from)}[${zeros}].size() >= 0 && (${rules.slice(from, end)})${rules.slice(end)}`;
}

/** Where the condition starting at `from` ends: its `;`, outside strings and brackets. */
function statementEnd(rules: string, from: number): number {
  let depth = 0;
  let quote = '';
  for (let index = from; index < rules.length; index += 1) {
    const character = rules[index];
    if (quote) {
      if (character === '\\') index += 1;
      else if (character === quote) quote = '';
    } else if (character === "'" || character === '"') quote = character;
    else if ('([{'.includes(character)) depth += 1;
    else if (')]}'.includes(character)) depth -= 1;
    else if (character === ';' && depth === 0) return index;
  }
  throw new Error('A statement of the rules does not end.');
}

/**
 * The expressions the statement `allow <methods>` of `match <block>` in `rules` takes in
 * `request` (the most of its evaluations), searched from `expected`. Throws when the request is
 * refused even unpadded (it takes more than MEASURABLE_MAX), or refused for anything but the
 * expression limit.
 */
export async function expressionsOf(
  rules: string,
  block: string,
  methods: string,
  request: Request,
  expected: number,
): Promise<number> {
  const passes = async (padding: number) => {
    const env = await projectWith(padded(rules, block, methods, padding));
    try {
      const refusal = await refusalOf(env, request);
      if (refusal !== null && !/maximum of 1000 expressions/.test(refusal)) {
        throw new Error(
          `Refused with ${padding} expressions of padding, not for the limit: ${refusal}`,
        );
      }
      return refusal === null;
    } finally {
      await env.cleanup();
    }
  };
  // The most padding that passes lies in [low, high].
  let low = 0;
  let high = MEASURABLE_MAX;
  const guess = Math.min(Math.max(MEASURABLE_MAX - expected, 0), MEASURABLE_MAX);
  if (await passes(guess)) {
    low = guess;
    if (guess < high && !(await passes(guess + 1))) high = guess;
    else low = Math.min(guess + 1, high);
  } else {
    if (guess === 0) {
      throw new Error(`The request takes more than ${MEASURABLE_MAX} expressions: it is refused.`);
    }
    high = guess - 1;
    if (!(await passes(0))) {
      throw new Error(`The request takes more than ${MEASURABLE_MAX} expressions: it is refused.`);
    }
  }
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (await passes(middle)) low = middle;
    else high = middle - 1;
  }
  return MEASURABLE_MAX - low;
}

/** The document access calls of a request: each distinct (call, path), and the documents. */
export interface AccessCalls {
  readonly calls: readonly string[];
  readonly documents: readonly string[];
}

/**
 * The access calls `request` makes on `env` (unpadded rules), from its coverage report before and
 * after (see the top of this file): one request at a time on a project. Throws when the rules
 * refuse the request.
 */
export async function accessCallsOf(
  env: RulesTestEnvironment,
  request: Request,
): Promise<AccessCalls> {
  const before = await callCounts(env);
  const refusal = await refusalOf(env, request);
  if (refusal !== null) throw new Error(`The request was refused: ${refusal}`);
  const after = await callCounts(env);
  const calls = [...after]
    .filter(([call, count]) => count > (before.get(call) ?? 0))
    .map(([call]) => call)
    .sort();
  const documents = [...new Set(calls.map((call) => call.split(' ')[1]))].sort();
  return { calls, documents };
}

/** Each (call, path) of the project's coverage report, with how often it was evaluated. */
async function callCounts(env: RulesTestEnvironment): Promise<Map<string, number>> {
  const { host, port } = inject('firestore');
  const response = await fetch(
    `http://${host}:${port}/emulator/v1/projects/${env.projectId}:ruleCoverage`,
  );
  if (!response.ok) throw new Error(`The coverage report answered ${response.status}.`);
  const coverage = (await response.json()) as Coverage;
  const content = coverage.rules.files[0].content;
  const counts = new Map<string, number>();
  const visit = (node: CoverageNode) => {
    const start = node.sourcePosition.currentOffset;
    const call = /^(getAfter|existsAfter|get|exists)\s*\(/.exec(content.slice(start))?.[1];
    const argument = node.children?.[0];
    if (call && argument) {
      for (const { value, count } of argument.values ?? []) {
        const segments = value.pathValue?.segments;
        if (!segments) continue;
        // databases/(default)/documents/users/… is named from users/ on.
        const path = segments
          .slice(3)
          .map((segment) => segment.simple)
          .join('/');
        counts.set(`${call} ${path}`, (counts.get(`${call} ${path}`) ?? 0) + Number(count));
      }
    }
    node.children?.forEach(visit);
  };
  coverage.report?.forEach(visit);
  return counts;
}

/** The emulator's rule coverage report, as far as it is read here. */
interface Coverage {
  rules: { files: { content: string }[] };
  report?: CoverageNode[];
}
interface CoverageNode {
  sourcePosition: { currentOffset: number };
  values?: {
    value: { pathValue?: { segments: { simple?: string }[] } };
    count: number | string;
  }[];
  children?: CoverageNode[];
}
