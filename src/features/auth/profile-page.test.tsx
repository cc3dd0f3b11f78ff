// @vitest-environment jsdom
// Signing out cannot be made to fail against the Auth emulator, so this one path is tested here,
// with the session module standing in for Firebase. Everything else about the profile is tested
// end to end in tests/auth.spec.ts.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasClaim, logOut } from '../../lib/auth/session';
import { writesSent } from '../../lib/firestore/firestore-core';
import ProfilePage from './profile-page';

vi.mock('../../lib/auth/session', () => ({
  useAuth: () => ({
    user: { uid: 'uid-1', email: 'thandi@example.co.za', displayName: 'Thandi' },
    loading: false,
  }),
  logOut: vi.fn(),
  // A customer: their token carries no staff claim.
  hasClaim: vi.fn(async () => false),
}));

// Signing out deletes the device's copy of the account's data; the page first asks whether the
// account's writes have reached the server.
vi.mock('../../lib/firestore/firestore-core', () => ({ writesSent: vi.fn(async () => true) }));

function renderProfile() {
  render(
    <MemoryRouter initialEntries={['/Profile']}>
      <Routes>
        <Route path="/Profile" element={<ProfilePage />} />
        <Route path="/Login" element={<h1>Login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A sign-out the test settles by hand, so the in-between state can be seen. */
function pendingSignOut() {
  const settle = { resolve: () => {}, reject: (_error: Error) => {}, asked: false };
  vi.mocked(logOut).mockImplementation(
    () =>
      new Promise<void>((resolve, reject) =>
        Object.assign(settle, { resolve, reject, asked: true }),
      ),
  );
  return settle;
}

/** Waits until the page has asked to sign out (after it has asked about unsent writes). */
const asked = (settle: { asked: boolean }) => vi.waitFor(() => expect(settle.asked).toBe(true));

afterEach(cleanup);

describe('Profile sign-out', () => {
  it('shows Signing out..., then goes to the login page', async () => {
    const signOut = pendingSignOut();
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('button', { name: 'Signing out...' })).toHaveProperty('disabled', true);
    await asked(signOut);
    await act(async () => signOut.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('says so when signing out fails, and lets the person try again', async () => {
    const signOut = pendingSignOut();
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await asked(signOut);
    await act(async () => signOut.reject(new Error('storage unavailable')));
    expect(screen.getByRole('alert').textContent).toBe('Unable to sign out. Please try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Thandi' })).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Logout' });
    expect(retry).toHaveProperty('disabled', false);

    const again = pendingSignOut();
    fireEvent.click(retry);
    expect(screen.queryByRole('alert')).toBeNull();
    await asked(again);
    await act(async () => again.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('offline with writes not sent, asks before deleting them; Sign out anyway goes ahead', async () => {
    vi.mocked(writesSent).mockResolvedValueOnce(false);
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const signOut = pendingSignOut();
    vi.mocked(logOut).mockClear();
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      (await screen.findByRole('alert')).textContent?.includes('have not reached your account yet'),
    ).toBe(true);
    expect(logOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await asked(signOut);
    await act(async () => signOut.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    offline.mockRestore();
  });
});

describe('Profile for the company’s staff', () => {
  it('offers the desk only to a token with the staff claim', async () => {
    renderProfile();
    await act(async () => {});
    expect(screen.queryByRole('link', { name: 'Open the company’s desk' })).toBeNull();
    cleanup();
    vi.mocked(hasClaim).mockResolvedValue(true);
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Open the company’s desk' })).toHaveProperty(
      'pathname',
      '/Desk',
    );
    expect(hasClaim).toHaveBeenCalledWith('staff');
  });
});
