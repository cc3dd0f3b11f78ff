// The `reports` function, POST /api/reports: a visitor's report of a short link, as the contact
// page's enquiry outbox posts it (src/domain/reports.ts): the enquiry's form fields, its id, and
// the link's id. It keeps the report for the desk (records/reports.ts) and answers as a form
// service does, since the outbox reads it as one: 200 `{ok: true, kept}`, else a status and
// `{error}`. A report it does not keep (no such link; enough waiting on the link) is still
// answered 200: the company's inbox has it, and the visitor's enquiry must not fail for it.
//
// Anyone may post, so each report is bounded before anything is written: a small body, only of
// a link that exists, a few a minute from one address (the address the platform appends, and ten
// times that from the peer: client-address.ts, file-limits.ts), one report per enquiry id however
// often it is sent, and at most REPORTS_PER_LINK_MAX waiting on one link.
import { enquiryForm } from '../../src/domain/enquiry';
import { checkForm } from '../../src/domain/form';
import { ENQUIRY_ID_FIELD } from '../../src/domain/outbox';
import {
  isLinkId,
  REPORT_LINK_FIELD,
  REPORTS_PER_CLIENT_PER_MINUTE,
  REPORTS_PER_LINK_MAX,
} from '../../src/domain/reports';
import { linkPath } from '../../src/domain/records/links';
import { newReportFields, REPORTS, reportPath } from '../../src/domain/records/reports';
import { Timestamp, type Firestore } from './admin';
import { clientAddresses } from './client-address';
import { ClientLimits, downloadLimits, PEER_FACTOR } from './file-limits';
import { header, readBody, securityHeaders, type HttpRequest, type HttpResponse } from './http';
import { log } from './log';

/** The enquiry's fields are at most a few KB of text (its message: 5,000 characters). */
const BODY_LIMIT = 48 * 1024;

function answer(response: HttpResponse, status: number, body: object, retryAfter?: number) {
  securityHeaders(response);
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (retryAfter) response.setHeader('Retry-After', String(retryAfter));
  response.end(JSON.stringify(body));
}

/** The posted form (multipart, as a browser's FormData sends it, or URL-encoded), or null. */
async function formOf(request: HttpRequest, body: Buffer): Promise<FormData | null> {
  const type = header(request, 'content-type') ?? '';
  try {
    return await new Request('http://reports.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return null;
  }
}

export function createReportsApi({
  db,
  now = () => new Date(),
}: {
  db: Firestore;
  now?: () => Date;
}) {
  // The download limits' client-and-peer allowance, a report counting as one "byte".
  const admit = downloadLimits(
    new ClientLimits({ downloads: Infinity, bytesPerMinute: REPORTS_PER_CLIENT_PER_MINUTE }),
    new ClientLimits({
      downloads: Infinity,
      bytesPerMinute: PEER_FACTOR * REPORTS_PER_CLIENT_PER_MINUTE,
    }),
  );
  return async function answerReport(request: HttpRequest, response: HttpResponse) {
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return answer(response, 405, { error: 'Send a report with POST.' });
    }
    const body = await readBody(request, BODY_LIMIT);
    if (!body) return answer(response, 413, { error: 'This report is too long.' });
    const form = await formOf(request, body);
    const field = (name: string) => {
      const value = form?.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const id = field(ENQUIRY_ID_FIELD);
    const link = field(REPORT_LINK_FIELD);
    if (!form || !/^[A-Za-z0-9_-]{8,64}$/.test(id) || !isLinkId(link)) {
      return answer(response, 400, { error: 'Send the report from the contact page.' });
    }
    // Checked as the contact form checks the enquiry, by its own description.
    const spec = enquiryForm('general-inquiries');
    const { values, errors } = checkForm(
      spec,
      Object.fromEntries(Object.keys(spec).map((name) => [name, field(name)])) as Record<
        keyof typeof spec,
        string
      >,
    );
    const problem = Object.values(errors).find(Boolean);
    if (problem) return answer(response, 400, { error: problem });
    // Counted before anything is read: a flood costs the store nothing.
    const admitted = admit(clientAddresses(request), 1);
    if (admitted.ok) admitted.done(1);
    else {
      return answer(
        response,
        429,
        { error: 'Too many reports from your address: it is kept, and goes in a minute.' },
        60,
      );
    }
    try {
      const stored = await db.runTransaction(async (transaction) => {
        const ref = db.doc(reportPath(id));
        const [before, shown, waiting] = await Promise.all([
          transaction.get(ref),
          transaction.get(db.doc(linkPath(link))),
          transaction.get(
            db
              .collection(REPORTS)
              .where('link', '==', link)
              .where('state', '==', 'open')
              .limit(REPORTS_PER_LINK_MAX),
          ),
        ]);
        if (!shown.exists) return 'no-link' as const;
        if (before.exists) return 'kept' as const;
        if (waiting.size >= REPORTS_PER_LINK_MAX) return 'enough' as const;
        transaction.create(
          ref,
          newReportFields(
            {
              link,
              message: values.message,
              name: values.name || null,
              email: values.email || null,
            },
            Timestamp.fromDate(now()),
          ),
        );
        return 'kept' as const;
      });
      // A link that is not (or no longer) there has nothing for the desk to switch off: the
      // report still reaches the company's inbox, so it is answered as taken.
      return answer(response, 200, { ok: true, kept: stored === 'kept' });
    } catch (error) {
      log('ERROR', 'report not kept', { error: String(error) });
      return answer(response, 503, { error: 'The report could not be kept just now.' });
    }
  };
}
