// A WiFi code's encryption, as the form's free text says it, and what is wrong with it and the
// password: shared by the form's checks (content.ts) and the code's text (payload.ts).
export type WifiSecurity = 'WPA' | 'WEP' | 'nopass';

/**
 * The T value for the form's free-text encryption, case-insensitive: 'No encryption', 'none',
 * 'nopass', 'open' → nopass; 'WEP' → WEP; 'WPA/WPA2', 'WPA', 'WPA2', 'WPA3', 'WPA2-PSK' and
 * anything else → WPA, the common case, which phones also use to join WPA3 networks. Left empty,
 * it is WPA when there is a password and nopass when there is none.
 */
export function wifiSecurity(encryption: string, password = ''): WifiSecurity {
  const text = encryption
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (text === '') return password === '' ? 'nopass' : 'WPA';
  if (/^(no( encryption| password| security)?|none|nopass|open|off|unsecured)$/.test(text)) {
    return 'nopass';
  }
  if (/^wep\b/.test(text)) return 'WEP';
  return 'WPA';
}

/**
 * What is wrong with a WiFi code's encryption and password, beside each field: an encryption the
 * form does not know (it would silently be WPA), a WPA password outside 8-63 characters (phones
 * refuse to join), a password typed for an open network (the code would drop it).
 */
export function wifiProblems(
  encryption: string,
  password: string,
): Partial<Record<'encrypt' | 'wifiPassword', string>> {
  const text = encryption.trim().toLowerCase();
  const known =
    text === '' ||
    /^(no( encryption| password| security)?|none|nopass|open|off|unsecured)$/.test(
      text.replace(/[\s_-]+/g, ' '),
    ) ||
    /^(wep|wpa)/.test(text);
  if (!known) {
    return {
      encrypt: `“${encryption.trim()}” is not an encryption a phone knows. Please choose No encryption, WEP or WPA/WPA2.`,
    };
  }
  const security = wifiSecurity(encryption, password);
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
