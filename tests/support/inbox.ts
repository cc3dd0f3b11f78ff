// Helpers for specs that check what the local enquiry inbox (scripts/enquiry-inbox.mjs, started
// by scripts/serve.mjs) received. Two test workers share it, so specs find their own enquiries by
// a unique email address.
import { INBOX_FORMS, INBOX_PORT } from '../../scripts/enquiry-inbox.mjs';

const origin = `http://127.0.0.1:${INBOX_PORT}`;

export type Received = Record<string, string>;

/** What each form endpoint has received from `email`, by form. */
export async function receivedFrom(email: string): Promise<Record<string, Received[]>> {
  const byForm: Record<string, Received[]> = {};
  for (const form of INBOX_FORMS) {
    const response = await fetch(`${origin}/f/${form}/submissions`);
    const { submissions } = (await response.json()) as { submissions: { fields: Received }[] };
    byForm[form] = submissions.map((s) => s.fields).filter((fields) => fields.email === email);
  }
  return byForm;
}

/** How many copies of enquiries from `email` arrived, per form (for expect.poll). */
export async function copiesFrom(email: string): Promise<number[]> {
  return Object.values(await receivedFrom(email)).map((list) => list.length);
}

/** Makes the inbox answer the next `times` posts from `email` (to `form` only, if given) with `status`. */
export async function failNextFrom(email: string, status: number, times = 1, form?: string) {
  const response = await fetch(`${origin}/_inbox/faults`, {
    method: 'POST',
    body: JSON.stringify({ email, status, times, form }),
  });
  if (!response.ok) throw new Error(`The inbox refused the fault: ${response.status}`);
}
