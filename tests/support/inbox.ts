// Helpers for specs that check what the local enquiry inbox (scripts/serve/enquiry-inbox.mjs, started
// by scripts/serve/serve.mjs) received. Two test workers share it, so specs find their own enquiries by
// a unique email address.
import { INBOX_FORMS, INBOX_PORT } from '../../scripts/serve/enquiry-inbox.mjs';

const origin = `http://127.0.0.1:${INBOX_PORT}`;

export type Received = Record<string, string>;

interface Submission {
  accept: string | null;
  contentType: string | null;
  fields: Received;
  /** Further copies of the same enquiry (its enquiryId), which the inbox shows as one. */
  repeats: number;
}

/** Each form endpoint's submissions from `email`, by form. */
async function submissionsFrom(email: string): Promise<Record<string, Submission[]>> {
  const byForm: Record<string, Submission[]> = {};
  for (const form of INBOX_FORMS) {
    const response = await fetch(`${origin}/f/${form}/submissions`);
    const { submissions } = (await response.json()) as { submissions: Submission[] };
    byForm[form] = submissions.filter((s) => s.fields.email === email);
  }
  return byForm;
}

const byForm = async <T>(email: string, pick: (submission: Submission) => T) =>
  Object.fromEntries(
    Object.entries(await submissionsFrom(email)).map(([form, list]) => [form, list.map(pick)]),
  );

/** What each form endpoint has received from `email`, by form. */
export const receivedFrom = (email: string): Promise<Record<string, Received[]>> =>
  byForm(email, (submission) => submission.fields);

/** How each post from `email` reached the inbox, per form: its Accept header and media type. */
export const postsFrom = (email: string) =>
  byForm(email, ({ accept, contentType }) => ({ accept, contentType }));

/**
 * How many copies of enquiries from `email` arrived, per form (for expect.poll), repeats of one
 * enquiry included: a page that sends an enquiry twice is seen doing so.
 */
export async function copiesFrom(email: string): Promise<number[]> {
  return Object.values(await submissionsFrom(email)).map((list) =>
    list.reduce((sum, submission) => sum + 1 + submission.repeats, 0),
  );
}

/** Makes the inbox answer the next `times` posts from `email` (to `form` only, if given) with `status`. */
export async function failNextFrom(email: string, status: number, times = 1, form?: string) {
  const response = await fetch(`${origin}/_inbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, status, times, form }),
  });
  if (!response.ok) throw new Error(`The inbox refused the fault: ${response.status}`);
}
