// @vitest-environment jsdom
// The site-wide notice of enquiries that have not reached the company, for the entries the outbox
// cannot read (an older version of the site, or a damaged disk, may leave one). The stuck ones,
// tried for an hour, are tested end to end in tests/contact.spec.ts.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { clear, createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../lib/outbox/outbox';
import StuckEnquiries from './stuck-enquiries';

/** The outbox's own IndexedDB store, to put there what the outbox itself would never write. */
const rawStore = createStore('kcw-enquiry-outbox', 'enquiries');
const notice = () => screen.findByRole('complementary', { name: /not reached us yet/ });

beforeEach(() => clear(rawStore));
afterEach(cleanup);

describe('an enquiry the outbox cannot read', () => {
  it('is listed as such, with its text to email, and can be removed', async () => {
    const fields = [
      ['name', 'Lerato'],
      ['email', 'lerato@example.test'],
      ['inquiryType', 'general-inquiries'],
      ['message', 'Hello'],
    ];
    await set('old-1', { id: 'old-1', createdAt: 0, fields, status: 'queued' }, rawStore);
    render(<StuckEnquiries />);
    const aside = await notice();
    expect(aside.textContent).toContain('cannot be read any more, so it will not be sent');
    expect(aside.textContent).toContain('You can still email it to us, then remove it.');
    const mail = screen.getByRole('link', { name: 'Email it to us instead' });
    expect(mail.getAttribute('href')).toMatch(
      /^mailto:.*subject=Website%20enquiry%20from%20Lerato&body=Name%3A%20Lerato.*Hello.*Reference%3A%20old-1$/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    await expect.poll(() => screen.queryByRole('complementary')).toBeNull();
    expect(await readOutbox()).toEqual({ entries: [], unreadable: [] });
  });

  it('says plainly when nothing of it can be read, and counts it with the others', async () => {
    await set('old-2', 'not an enquiry', rawStore);
    await set('old-3', { createdAt: 5, fields: 'garbled' }, rawStore);
    render(<StuckEnquiries />);
    const aside = await notice();
    expect(screen.getByRole('heading').textContent).toBe(
      '2 of your enquiries have not reached us yet',
    );
    expect(aside.textContent).toContain(
      'Its text is lost: please remove it, and write to us again.',
    );
    expect(screen.queryByRole('link', { name: 'Email it to us instead' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Remove it' })).toHaveLength(2);
  });
});
