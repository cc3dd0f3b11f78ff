// @vitest-environment jsdom
// The footer's "QR codes" links follow the session as soon as Firebase reports it: a new tab of a
// signed-in person has no session flag yet, and used to show a visitor's links ("Sign in") until
// the next navigation. Firebase itself is stood in (auth-core): the unit run starts no emulator.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';

const firebase = vi.hoisted(() => ({
  report: undefined as undefined | ((user: unknown) => void),
}));
vi.mock('../../lib/auth/auth-core', () => ({
  watchUser: (listener: (user: unknown) => void) => {
    firebase.report = listener;
    return () => undefined;
  },
}));

const { Footer } = await import('./footer');
const { useAuth } = await import('../../lib/auth/session');

/** A page that asks for the session, as the signed-in screens do. */
function AsksForSession() {
  useAuth();
  return null;
}

const qrBlock = () => within(screen.getByRole('region', { name: 'QR codes' }));

afterEach(cleanup);

it('shows a signed-in person’s links once Firebase reports them, without a navigation', async () => {
  render(
    <MemoryRouter>
      <AsksForSession />
      <Footer />
    </MemoryRouter>,
  );
  expect(qrBlock().getByRole('link', { name: 'Sign in' })).toBeTruthy();
  await vi.waitFor(() => expect(firebase.report).toBeTypeOf('function'));

  act(() =>
    firebase.report!({
      uid: 'thandi',
      email: 'thandi@example.co.za',
      displayName: null,
      emailVerified: true,
      metadata: {},
    }),
  );
  expect(qrBlock().getByRole('link', { name: 'My QR Codes' })).toBeTruthy();
  expect(qrBlock().queryByRole('link', { name: 'Sign in' })).toBeNull();

  act(() => firebase.report!(null));
  expect(qrBlock().getByRole('link', { name: 'Sign in' })).toBeTruthy();
});
