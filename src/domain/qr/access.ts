// Who may open a dynamic code: its password. A static code holds its content in the picture,
// which no password can hide, so only dynamic codes can have one: whoever scans the code is then
// asked for it before its target or page. The password goes to the server once (POST
// /api/links/password) and is kept there only as a slow one-way hash (scrypt), in a document no
// client can read; the saved code only says that it is protected. A right password lets that
// browser in for UNLOCK_HOURS, until the password changes; wrong ones are limited per client, per
// peer and per code (docs/short-links.md, "Passwords").

/**
 * At least 8 characters: whoever holds the printed code may guess at its password, from many
 * addresses over weeks, so the limits below only slow guessing; the password's length is what
 * makes it long. 8 is NIST SP 800-63B's floor for a chosen secret. A password set before the
 * minimum rose still opens its code: only new ones are held to it.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** How long a right password lets a browser open the code again without asking. */
export const UNLOCK_HOURS = 12;

/**
 * Wrong passwords counted per window, per client (its address as the server trusts it, an IPv6
 * address by its /64), per peer (the address that reached Google's front end: Hosting's edge,
 * or a caller of the function's own address) and per code. Each guess is counted before it is
 * checked, in one transaction, so a burst of guesses is counted whole; a right password takes
 * its count back.
 */
export const PASSWORD_ATTEMPTS = {
  /** From one client: room for a few typing mistakes, too few for a guessing script. */
  perClient: 5,
  /**
   * From one peer: ten clients' worth. It is the backstop for a caller of the function's own
   * address, who can write any client entry but not this one; through Hosting the peer is an
   * edge many visitors share, and ten clients' mistakes on one code in one window are rare.
   */
  perPeer: 50,
  /**
   * From everyone: past it the code is being guessed at, and a client that has already given a
   * wrong password in the window is refused; a client's first try is still checked, so a visitor
   * who has the password is never locked out by someone else's guessing.
   */
  perCode: 50,
  /** Long enough to make a script wait, short enough that a person who mistyped comes back. */
  windowMinutes: 15,
} as const;

/** Wrong passwords in the current window, as counted before this one is checked. */
export interface AttemptCounts {
  readonly client: number;
  readonly peer: number;
  readonly code: number;
}

/** Whether a password may be checked now, given the wrong ones counted in the window. */
export function attemptAllowed({ client, peer, code }: AttemptCounts): boolean {
  if (client >= PASSWORD_ATTEMPTS.perClient || peer >= PASSWORD_ATTEMPTS.perPeer) return false;
  return code < PASSWORD_ATTEMPTS.perCode || client === 0;
}

/**
 * Setting a password runs the slow hash once on the server: an account may set at most this many
 * an hour, plenty for an owner changing a few codes' passwords, and a bound on the server's work.
 */
export const PASSWORD_CHANGES_PER_HOUR = 10;

export const PASSWORD_HINT = `Optional, for dynamic codes only, at least ${PASSWORD_MIN} characters: whoever scans the code is asked for it first. A static code holds its content in the picture, which no password can hide. It is sent to our server once and kept only as a one-way hash.`;

/** What is wrong with a password the owner typed, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) {
    return `A password has at least ${PASSWORD_MIN} characters.`;
  }
  if (password.length > PASSWORD_MAX) {
    return `A password has at most ${PASSWORD_MAX} characters.`;
  }
  return null;
}

export const WRONG_PASSWORD = 'That is not the password. Check it and try again.';

export const TOO_MANY_ATTEMPTS = `Too many wrong passwords were tried. Wait ${PASSWORD_ATTEMPTS.windowMinutes} minutes, then try again.`;

export const TOO_MANY_PASSWORD_CHANGES = `This account has set ${PASSWORD_CHANGES_PER_HOUR} passwords within the hour, the most allowed. Try again in an hour; the code keeps its current password meanwhile.`;
