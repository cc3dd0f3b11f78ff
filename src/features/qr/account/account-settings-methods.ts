// How the signed-in account proves it is its owner before a change that asks for a recent
// sign-in: with its password, or, for an account that signs in with Google only, in Google's
// window (its forms then have no password field).
import { useEffect, useState } from 'react';
import { withoutPassword } from '../../../domain/account-forms';
import type { FormSpec } from '../../../domain/form';
import type { Proof, SignInMethod } from '../../../lib/auth/account-core';
import { accountCore, useAuth } from '../../../lib/auth/session';

export type SignInMethods = readonly SignInMethod[] | 'failed' | null;

/** How the signed-in account signs in; null until known, 'failed' if it cannot be found out. */
export function useSignInMethods(): SignInMethods {
  const { user } = useAuth();
  const uid = user?.uid;
  const [methods, setMethods] = useState<{ uid: string; methods: SignInMethods } | null>(null);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    accountCore().then(
      (core) => live && setMethods({ uid, methods: core.signInMethods() }),
      () => live && setMethods({ uid, methods: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [uid]);
  return methods && methods.uid === uid ? methods.methods : null;
}

/** The proof a form gives: its password, or Google's window for an account without one. */
export const proofOf = (methods: readonly SignInMethod[], password: string): Proof =>
  methods.includes('password') ? { kind: 'password', password } : { kind: 'google' };

/** An account form as this account fills it in: without a password for a Google-only one. */
export const formFor = <K extends string>(
  spec: FormSpec<K>,
  methods: readonly SignInMethod[],
): FormSpec<K> => (methods.includes('password') ? spec : withoutPassword(spec));
