// @vitest-environment jsdom
// The contact page opened to report a short link (/ContactPage?report=<id>, linked from the short
// links' pages). Sending the report is tested end to end in tests/short-link-pages.spec.ts.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import ContactPage from './contact-page';

const origin = window.location.origin;
const start = `I want to report the short link ${origin}/q/Ab3dEfGh2k: `;

function openContact(search: string) {
  render(
    <MemoryRouter initialEntries={[`/ContactPage${search}`]}>
      <Routes>
        <Route path="/ContactPage" element={<ContactPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const message = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
const inquiryType = () => screen.getByLabelText<HTMLSelectElement>('Inquiry type');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('reporting a short link', () => {
  it('opens as a general inquiry naming the link, the cursor after its name', () => {
    openContact('?report=Ab3dEfGh2k');
    expect(inquiryType().value).toBe('general-inquiries');
    expect(message().value).toBe(start);
    expect(document.activeElement).toBe(message());
    expect(message().selectionStart).toBe(start.length);
    expect(screen.getByText(/^You are reporting the short link/).textContent).toContain(
      `${origin}/q/Ab3dEfGh2k`,
    );
    // Nothing else is filled in.
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });

  it('keeps what the visitor adds, and a reload finds it as it was', () => {
    openContact('?report=Ab3dEfGh2k');
    fireEvent.change(message(), { target: { value: `${start}it asks for my bank PIN` } });
    cleanup();
    openContact('?report=Ab3dEfGh2k');
    expect(message().value).toBe(`${start}it asks for my bank PIN`);
  });

  it('puts a message typed before behind the name of the link', () => {
    sessionStorage.setItem(
      'kcw-contact-draft',
      JSON.stringify({ name: 'Lerato', message: 'A gaming PC.', inquiryType: 'pc-building' }),
    );
    openContact('?report=Ab3dEfGh2k');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Lerato');
    expect(inquiryType().value).toBe('general-inquiries');
    expect(message().value).toBe(`${start}\n\nA gaming PC.`);
    expect(message().selectionStart).toBe(start.length);
  });

  it.each(['', '?report=', '?report=short', '?report=%3Cscript%3E', '?report=a%2Fb%2Fc%2Fd%2Fe'])(
    'ignores a report parameter that is no link id (%s)',
    (search) => {
      openContact(search);
      expect(message().value).toBe('');
      expect(inquiryType().value).toBe('');
      expect(document.activeElement).not.toBe(message());
      expect(screen.queryByText(/You are reporting/)).toBeNull();
    },
  );
});
