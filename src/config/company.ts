// The company's public details, in one place: the navbar, footer, pages and meta tags read them.
// The name and address are placeholders until the owner confirms the registered trading name.
export const company = {
  name: 'Kempton Code Works',
  shortName: 'KCW',
  email: 'hello@kemptoncodeworks.co.za',
  /** The public website. */
  website: 'https://kemptoncodeworks.co.za/',
  location: 'Kempton Park, South Africa',
} as const;
