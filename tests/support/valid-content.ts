// Content a person would type into every QR text field, all valid: shared by the unit tests of
// src/domain/qr and the wizard's end-to-end specs.
import type { TextFieldId } from '../../src/domain/qr/content';

/** A valid value for every text field, as a person would type it. */
export const validText: Record<TextFieldId, string> = {
  qrName: 'Shop window',
  password: '',
  websiteUrl: 'https://www.example.co.za',
  vcardFirstName: 'Thandi',
  vcardLastName: 'Mokoena',
  vcardPhone: '011 123 4567',
  vcardMobile: '',
  vcardFax: '',
  vcardEmail: 'thandi@example.co.za',
  vcardWebsite: 'https://example.co.za',
  vcardCompany: 'Kempton Code Works',
  vcardJob: 'Director',
  vcardAddress: '1 Long Street',
  vcardCity: 'Kempton Park',
  vcardPostalCode: '1619',
  vcardCountry: 'South Africa',
  businessName: 'Kempton Code Works',
  businessURL: 'https://example.co.za',
  facebookUrl: 'https://www.facebook.com/example',
  instagramUsername: 'kemptoncodeworks',
  whatsappCountryCode: '27',
  whatsappNumber: '082 123 4567',
  whatsappMessage: 'Hello!',
  appStoreLink: 'https://apps.apple.com/app/id123',
  playStoreLink: 'https://play.google.com/store/apps/details?id=za.example',
  couponCode: 'SAVE10',
  wifiSSID: 'Office WiFi',
  encrypt: 'WPA/WPA2',
  wifiPassword: 'secret pass',
  // Optional, and for dynamic codes only: left empty, as most people leave them.
  activeFrom: '',
  activeUntil: '',
  scanLimit: '',
  inactiveMessage: '',
  inactiveUrl: '',
};
