// What the "Your QR Code is ready" page offers, described once and rendered by a loop.

export const demoBenefits: readonly { title: string; detail: string }[] = [
  { title: 'Receive by email', detail: 'Send the code to your inbox, ready to forward or print.' },
  {
    title: 'Download in multiple formats',
    detail: 'PNG, JPEG or WEBP for screens and messages; SVG or a vector PDF for sharp print.',
  },
  {
    title: 'Edit content after printing',
    detail: 'Change where a printed code leads without printing it again.',
  },
  { title: 'Unlimited QR codes', detail: 'Make as many codes as your business needs.' },
  {
    title: 'Analytics',
    detail: 'See how often and when your codes are scanned, and on which kinds of phone.',
  },
  { title: 'All your codes in one place', detail: 'Find, edit and download them in My QR Codes.' },
];
