// @vitest-environment jsdom
// The content step of the QR wizard, for every type of the registry (a new type is covered with no
// edit here): every section open, Next with nothing filled marks each required field beside it
// and keeps the step with focus on the first field to fill, and Next with every field valid goes
// on to the design step. The real page, draft store (on fake-indexeddb) and file checks; one
// browser test of the same path stays in tests/wizard.spec.ts, for what only a browser shows
// (focus landing on the page, the design screen itself).
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { contentItems, fileFields, listFields, textFields } from '../../../domain/qr/content';
import { qrTypes, type QrType } from '../../../domain/qr/qr-types';
import { smallSample } from '../../../../tests/support/sample-files';
import { validText } from '../../../../tests/support/valid-content';
import ContentPage from './content-page';

// Who is signed in. Firebase Auth needs its server (the Auth emulator runs for the rules tests,
// not for these), so its edge is stood in for: session.ts runs as it is and hears the user from
// here. The wizard is a signed-in user's (no draft without one); this user's email address is
// not verified yet, so a chosen file stays in the draft and no upload starts (file-upload.tsx).
const firebase = vi.hoisted(() => ({
  user: null as object | null,
  listener: null as ((user: object | null) => void) | null,
}));
vi.mock('../../../lib/auth/auth-core', () => ({
  watchUser: (listener: (user: object | null) => void) => {
    firebase.listener = listener;
    listener(firebase.user);
    return () => undefined;
  },
}));

/** Signs in a user of its own for each type, whose draft starts empty. */
function signInFor(type: QrType) {
  firebase.user = {
    uid: `content-form-${type.id}`,
    email: `${type.id}@example.co.za`,
    displayName: null,
    emailVerified: false,
    metadata: {},
  };
  act(() => firebase.listener?.(firebase.user));
}

/** The router's path, as the address bar shows it in the browser. */
const address = { pathname: '' };
function Where() {
  const { pathname } = useLocation();
  useEffect(() => {
    address.pathname = pathname;
  }, [pathname]);
  return null;
}

beforeEach(() => {
  // The one browser API jsdom lacks here: scrolling (Next scrolls the design step to its top).
  // The preview's blob: URL is real (Vitest's jsdom hands it to Node's URL.createObjectURL).
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(cleanup);

/** The content step as the type screen opens it: at its path, with the type passed along. */
async function openContentStep(type: QrType) {
  signInFor(type);
  render(
    <MemoryRouter initialEntries={[{ pathname: paths.qrContent, state: { type: type.id } }]}>
      <Where />
      <Routes>
        <Route path={paths.qrContent} element={<ContentPage />} />
        {/* The design step itself is design-page's (and the browser test's) to check. */}
        <Route path={paths.qrDesign} element={null} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 2, name: type.label });
}

/** The field of a label, in a section that is open. */
function shownField(label: string) {
  const field = screen.getByLabelText(label);
  expect(field.closest('[hidden]'), label).toBeNull();
  return field;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const linkLabel = (id: keyof typeof listFields) =>
  listFields[id].max > 1 ? 'Link 1' : listFields[id].item.label;

/** Fills every field of a type with valid content (files: a small valid one of the kind). */
async function fillValid(type: QrType) {
  for (const item of contentItems(type)) {
    if (item.kind === 'text') {
      const value = validText[item.id];
      fireEvent.change(shownField(textFields[item.id].label), { target: { value } });
    } else if (item.kind === 'list') {
      const value = 'https://example.co.za/menu';
      fireEvent.change(shownField(linkLabel(item.id)), { target: { value } });
    } else {
      const { label, kind } = fileFields[item.id];
      const { name, type: mimeType, bytes } = smallSample(kind);
      const file = new File([bytes], name, { type: mimeType });
      fireEvent.change(shownField(label), { target: { files: [file] } });
      // Taken once its first bytes are read and found to be of the kind: it can be removed then.
      // ("Remove small.pdf" in a browser; jsdom's name drops the space before the hidden words.)
      const remove = new RegExp(`^Remove ?${name.replace('.', '\\.')}$`);
      await screen.findByRole('button', { name: remove });
    }
  }
}

describe('the content step', () => {
  for (const type of qrTypes) {
    it(`${type.label}: its fields, a message beside each required one, then Next`, async () => {
      await openContentStep(type);
      for (const section of [
        ...type.sections.map((entry) => entry.title),
        'Name of the QR Code',
        'Password',
      ]) {
        const button = screen.getByRole('button', { name: section });
        expect(button.getAttribute('aria-expanded'), section).toBe('true');
      }

      next();
      const required: string[] = [];
      for (const item of contentItems(type)) {
        if (item.kind === 'text') {
          const spec = textFields[item.id];
          const field = shownField(spec.label);
          // Its limit is checked, not set on the input (which would cut a paste without a word).
          expect(field.hasAttribute('maxlength'), spec.label).toBe(false);
          if (spec.required) {
            expect(field.getAttribute('aria-invalid'), spec.label).toBe('true');
            const message = screen.getByText(spec.requiredMessage);
            expect(message.closest('[hidden]'), spec.requiredMessage).toBeNull();
            required.push(spec.label);
          } else {
            expect(field.hasAttribute('aria-invalid'), spec.label).toBe(false);
          }
        } else if (item.kind === 'list') {
          const label = linkLabel(item.id);
          expect(shownField(label).getAttribute('aria-invalid'), label).toBe('true');
          required.push(label);
        } else {
          const { label, kind } = fileFields[item.id];
          expect(shownField(label).getAttribute('aria-invalid'), label).toBe('true');
          const message = screen.getByText(`Please choose ${kind.noun}`, { exact: false });
          expect(message.closest('[hidden]'), label).toBeNull();
          required.push(label);
        }
      }
      // Focus is on the first field to fill.
      expect(document.activeElement).toBe(screen.getByLabelText(required[0]!));
      expect(address.pathname).toBe(paths.qrContent);

      await fillValid(type);
      next();
      await waitFor(() => expect(address.pathname).toBe(paths.qrDesign));
    });
  }
});
