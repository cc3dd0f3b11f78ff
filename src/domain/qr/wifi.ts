// A WiFi code's encryption, as the form's free text says it, and what is wrong with it and the
// password: shared by the form's checks (content.ts) and the code's text (text-formats.ts).
export type WifiSecurity = 'WPA' | 'WEP' | 'nopass';

/**
 * The encryption the form's free text names, case-insensitive: 'No encryption', 'none', 'nopass',
 * 'open' → nopass; 'WEP' → WEP; 'WPA/WPA2', 'WPA', 'WPA2', 'WPA3', 'WPA2-PSK' → WPA; left empty,
 * WPA when there is a password and nopass when there is none; null for text that names none.
 */
function namedSecurity(encryption: string, password: string): WifiSecurity | null {
  const text = encryption
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (text === '') return password === '' ? 'nopass' : 'WPA';
  if (/^(no( encryption| password| security)?|none|nopass|open|off|unsecured)$/.test(text)) {
    return 'nopass';
  }
  if (/^wep\b/.test(text)) return 'WEP';
  if (/^wpa/.test(text)) return 'WPA';
  return null;
}

/**
 * The T value of the code: as namedSecurity says, and WPA for text that names none (the common
 * case, which phones also use to join WPA3 networks; the form refuses such text: wifiProblems).
 */
export const wifiSecurity = (encryption: string, password = ''): WifiSecurity =>
  namedSecurity(encryption, password) ?? 'WPA';

/**
 * What is wrong with a WiFi code's encryption and password, beside each field: an encryption the
 * form does not know (it would silently be WPA), a WPA password outside 8-63 characters (phones
 * refuse to join), a password typed for an open network (the code would drop it).
 */
export function wifiProblems(
  encryption: string,
  password: string,
): Partial<Record<'encrypt' | 'wifiPassword', string>> {
  const security = namedSecurity(encryption, password);
  if (security === null) {
    return {
      encrypt: `“${encryption.trim()}” is not an encryption a phone knows. Please choose No encryption, WEP or WPA/WPA2.`,
    };
  }
  if (security === 'nopass' && password !== '') {
    return {
      wifiPassword:
        'An open network has no password: empty this field, or choose WPA/WPA2 as the encryption.',
    };
  }
  if (security === 'WPA' && password === '') {
    return { wifiPassword: 'A WPA network needs its password. Please enter it.' };
  }
  if (security === 'WPA' && (password.length < 8 || password.length > 63)) {
    return {
      wifiPassword: `A WPA password has 8 to 63 characters; this one has ${password.length}.`,
    };
  }
  return {};
}
