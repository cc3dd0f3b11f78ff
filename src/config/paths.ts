// Paths the site links to. The route table (src/app/routes.ts) maps them to pages.
export const paths = {
  home: '/',
  about: '/AboutPage',
  services: '/ServicesPage',
  contact: '/ContactPage',
  privacy: '/PrivacyPolicy',
  terms: '/TnC',
  customPc: '/custompc',
  login: '/Login',
  register: '/Register',
  forgotPassword: '/ForgotPassword',
  profile: '/Profile',
  qrType: '/QR_Type',
  qrContent: '/QR_Content',
  qrDesign: '/QR_Design',
  qrDemo: '/QR_Demo',
} as const;
