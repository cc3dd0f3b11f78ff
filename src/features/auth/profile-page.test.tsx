// @vitest-environment jsdom
// Signing out cannot be made to fail against the Auth emulator, so this one path is tested here,
// with the session module standing in for Firebase. Everything else about the profile is tested
// end to end in tests/auth.spec.ts.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logOut } from '../../lib/auth/session';
import ProfilePage from './profile-page';

vi.mock('../../lib/auth/session', () => ({
  useAuth: () => ({
    user: { uid: 'uid-1', email: 'thandi@example.co.za', displayName: 'Thandi' },
    loading: false,
  }),
  logOut: vi.fn(),
}));

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
  const settle = { resolve: () => {}, reject: (_error: Error) => {} };
  vi.mocked(logOut).mockImplementation(
    () => new Promise<void>((resolve, reject) => Object.assign(settle, { resolve, reject })),
  );
  return settle;
}

afterEach(cleanup);

describe('Profile sign-out', () => {
  it('shows Signing out..., then goes to the login page', async () => {
    const signOut = pendingSignOut();
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('button', { name: 'Signing out...' })).toHaveProperty('disabled', true);
    await act(async () => signOut.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('says so when signing out fails, and lets the person try again', async () => {
    const signOut = pendingSignOut();
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await act(async () => signOut.reject(new Error('storage unavailable')));
    expect(screen.getByRole('alert').textContent).toBe('Unable to sign out. Please try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Thandi' })).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Logout' });
    expect(retry).toHaveProperty('disabled', false);

    const again = pendingSignOut();
    fireEvent.click(retry);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => again.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });
});
