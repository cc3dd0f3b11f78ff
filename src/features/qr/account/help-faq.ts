// The QR generator's questions and answers (FAQ's), by topic, described once: the page renders
// them in the pricing page's accordion. Each answer says what the product does today; the figures
// come from the code's own limits, so an answer cannot drift from what it describes.
import { paths } from '../../../config/paths';
import { TRIAL_DAYS } from '../../../domain/billing';
import { formatRand, plans } from '../../../domain/pricing';
import { PASSWORD_ATTEMPTS, UNLOCK_HOURS } from '../../../domain/qr/access';
import { fileKinds, formatBytes } from '../../../domain/qr/files';
import { HOSTING_QUOTA_BYTES } from '../../../domain/qr/hosting';
import { LINK_LIMITS, PLAN_LINK_LIMITS } from '../../../domain/qr/link-policy';

import { qrTypes } from '../../../domain/qr/qr-types';
import type { FaqEntry } from './pricing-faq';
import { formatCount } from '../../../domain/counts';

export interface FaqTopic {
  readonly title: string;
  readonly entries: readonly FaqEntry[];
}

const staticOnly = qrTypes.filter((type) => !type.modes.dynamic).map((type) => type.label);
const dynamicOnly = qrTypes.filter((type) => !type.modes.static).map((type) => type.label);
const list = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join('');

export const helpFaq: readonly FaqTopic[] = [
  {
    title: 'Your codes',
    entries: [
      {
        question: 'What is the difference between a static and a dynamic code?',
        answer: `A static code holds its content in the picture itself: it works without our site, but what it says can never change. A dynamic code holds a short link of our site instead: you can change where it leads after it is printed, and its scans are counted. ${list(dynamicOnly)} codes are always dynamic (we host the file); ${list(staticOnly)} codes are always static (the phone reads the network from the picture).`,
      },
      {
        question: 'Will my code scan?',
        answer:
          'Every design is checked as you make it, by decoding the picture the way phone cameras do, smaller and slightly blurred. The design page says "Scans", or what to change, before you download or print.',
      },
      {
        question: 'Which formats can I download?',
        answer:
          'PNG in several sizes, SVG and PDF for print, JPEG and WEBP. A dynamic code can be downloaded once its short link works, from My QR Codes.',
        link: { label: 'Open My QR Codes', to: paths.qrDashboard },
      },
    ],
  },
  {
    title: 'Dynamic codes and short links',
    entries: [
      {
        question: 'Can I change where a printed code leads?',
        answer:
          'Yes, if it is dynamic: edit it in My QR Codes and save. The printed code stays the same and leads to the new address within seconds.',
      },
      {
        question: 'How many dynamic codes can I have?',
        answer: `With a plan, up to ${formatCount(PLAN_LINK_LIMITS.activeLinks)} at once, ${formatCount(PLAN_LINK_LIMITS.newLinksPerDay)} new ones a day (a whole sheet of bulk codes), and ${formatCount(PLAN_LINK_LIMITS.targetChangesPerDay)} changes of where they lead a day; during the free trial ${LINK_LIMITS.activeLinks}, ${LINK_LIMITS.newLinksPerDay} and ${LINK_LIMITS.targetChangesPerDay}. Dynamic codes need a verified email address, so that our short links are never anonymous.`,
      },
      {
        question: 'What happens when I delete a dynamic code?',
        answer:
          'Its printed copies show "This code is no longer active" instead of leading anywhere, and its short link is never given to anyone else. Undo brings it back as it was.',
      },
      {
        question: 'Can a code ask for a password, or stop after a date?',
        answer: `Yes, a dynamic one. With a password, whoever scans it types the password first; a right one lets that phone in for ${UNLOCK_HOURS} hours, and after ${PASSWORD_ATTEMPTS.perClient} wrong ones it waits ${PASSWORD_ATTEMPTS.windowMinutes} minutes. With active dates or a scan limit, scans outside them see your message, or go to another address you choose.`,
      },
    ],
  },
  {
    title: 'Files',
    entries: [
      {
        question: 'How large may my files be?',
        answer: `A PDF or a menu up to ${formatBytes(fileKinds.pdf.maxBytes)}, a picture up to ${formatBytes(fileKinds.image.maxBytes)}, audio up to ${formatBytes(fileKinds.audio.maxBytes)} and a video up to ${formatBytes(fileKinds.video.maxBytes)}; ${formatBytes(HOSTING_QUOTA_BYTES)} in all per account.`,
      },
      {
        question: 'What if my connection drops during an upload?',
        answer:
          'The upload waits and goes on from where it was when you are back online; nothing is sent twice. Offline, your draft keeps the file until then.',
      },
    ],
  },
  {
    title: 'Plans and payment',
    entries: [
      {
        question: 'What do the plans cost?',
        answer: `${plans.map((plan) => `${plan.name} ${formatRand(plan.pricePerMonth)} a month`).join(', ')}, in South African rand. The pricing page shows what each payment comes to.`,
        link: { label: 'See the plans', to: paths.qrPricing },
      },
      {
        question: 'How do I pay?',
        answer:
          'By EFT: order a plan on the Billing page and pay into our account with the reference it gives you. The plan starts once the payment reaches us, and each paid order has its invoice (PDF) there. Card payment is coming.',
        link: { label: 'Go to Billing', to: paths.billing },
      },
      {
        question: 'Is there a free trial?',
        answer: `Yes: every new account has ${TRIAL_DAYS} days with everything a plan gives. The dashboard shows how many days are left.`,
      },
      {
        question: 'What happens to my printed codes if my trial or plan ends?',
        answer:
          'They keep working: dynamic codes keep redirecting and their pages stay up, and you keep your saved codes, their figures and your data. Only new dynamic codes, changes to where one leads and new hosted files wait until you pay for a plan.',
      },
    ],
  },
  {
    title: 'Your data',
    entries: [
      {
        question: 'What do you keep about me and my codes?',
        answer:
          'Your name and email address, your saved codes (content and design), the files you upload, and the scans of your dynamic codes counted by day, device type and hour. We never store the address (IP) or the browser of whoever scans a code.',
        link: { label: 'Read the privacy policy', to: paths.privacy },
      },
      {
        question: 'Can I have my data, or have it deleted?',
        answer:
          'Yes: the law (POPIA) gives you both. On My Account, under "Your data", download a copy of everything (JSON and CSV), or delete your account with everything it owns.',
        link: { label: 'Go to My Account', to: paths.account },
      },
    ],
  },
];
