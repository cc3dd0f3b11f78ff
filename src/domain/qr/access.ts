// Who may open a dynamic code: its password. A static code holds its content in the picture,
// which no password can hide, so only dynamic codes can have one: whoever scans the code is then
// asked for it before its target or page. The password goes to the server once (POST
// /api/links/password) and is kept there only as a slow one-way hash (scrypt), in a document no
// client can read; the saved code only says that it is protected. A right password lets that
// browser in for UNLOCK_HOURS; wrong ones are limited per code and per client.

export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 64;

/** How long a right password lets a browser open the code again without asking. */
export const UNLOCK_HOURS = 12;

/** Wrong passwords allowed before the code refuses more for a while. */
export const PASSWORD_ATTEMPTS = {
  /** From one client (address), per window. */
  perClient: 5,
  /** From everyone, per window: a slow guess from many addresses is stopped too. */
  perCode: 50,
  windowMinutes: 15,
} as const;

export const PASSWORD_HINT =
  'Optional, for dynamic codes only: whoever scans the code is asked for it first. A static code holds its content in the picture, which no password can hide. It is sent to our server once and kept only as a one-way hash.';

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
