// The QR types, each described once, in one entry: its id and label, its tile's description and
// icon, its content form (sections, and in them its own fields with their labels, limits and
// checks), what its code holds (its payload), and whether its code can be static (the content in
// the picture) and/or dynamic (a short link of the site whose target can change after printing).
// Everything else reads this list: the type screen, the content form and its checks (content.ts
// gathers every type's fields), the renderer, saving, the short links' server (functions/ imports
// it), and firestore.rules, whose block of type ids, fields and limits is generated from it
// (`npm run rules:domain`; a test fails while the two differ). A plain type is one entry here, made
// of the field kinds, payload and landing builders that exist. Only what no type has yet goes
// elsewhere, each place held to this list by the compiler or a test: a new kind of field or an
// upload in content-fields.ts, a payload builder in payload.ts (a new text format in
// text-formats.ts), a landing page in landing.ts (drawn by functions/src/landing.ts), an icon in
// the wizard's type-icons.ts. See docs/architecture.md, "Adding things".
import { EMAIL_MAX, field, formats, URL_MAX, type FieldErrors } from '../form';
import {
  commonSections,
  fileFields,
  instagramProfile,
  linkList,
  linkOn,
  phone,
  required,
  section,
  upload,
  url,
  type FormField,
  type Section,
} from './content-fields';
import type { ContentSection, QrContent } from './content';
import type { HostedFiles } from './hosting';
import {
  appLinksPayload,
  contactCardPayload,
  contentReader,
  couponPayload,
  firstLinkPayload,
  hostedFilePayload,
  instagramPayload,
  linkListPayload,
  webAddressPayload,
  whatsappChatPayload,
  wifiNetworkPayload,
  type ContentReader,
  type FieldLabel,
  type Payload,
} from './payload';
import {
  appsLanding,
  businessLanding,
  contactLanding,
  couponLanding,
  fileLanding,
  linksLanding,
  type LandingDraft,
} from './landing';
import { VIEWER_MAX_LINKS } from './viewer-fragment';
import { wifiProblems } from './wifi';

/** The icons of the type tiles (lucide's names; the wizard's type-icons.ts draws them). */
export type TypeIcon =
  | 'globe'
  | 'file-text'
  | 'list'
  | 'id-card'
  | 'briefcase'
  | 'video'
  | 'image'
  | 'thumbs-up'
  | 'camera'
  | 'share'
  | 'message-circle'
  | 'music'
  | 'utensils'
  | 'smartphone'
  | 'ticket'
  | 'wifi';

/** How a code of a type can be made. */
export interface CodeModes {
  /** Its content fits in the picture: the code works without the site. */
  readonly static: boolean;
  /** It can hold a short link of the site instead, which can lead elsewhere after printing. */
  readonly dynamic: boolean;
}

interface TypeEntry {
  readonly id: string;
  readonly label: string;
  /** What the type is for, on its tile. */
  readonly description: string;
  readonly icon: TypeIcon;
  /** Its own sections of the content form, with its fields; every form then has commonSections. */
  readonly sections: readonly Section[];
  /** A check across its fields, after each field's own: messages by field id. */
  readonly rule?: (text: (id: string) => string) => FieldErrors;
  /** What the code holds for this content (payload.ts's builders). */
  readonly payload: (content: ContentReader, label: FieldLabel) => Payload;
  readonly modes: CodeModes;
  /**
   * What a dynamic code's short link shows (landing.ts): a page of the site built from the
   * content. Without one, the short link redirects to the payload's web address.
   */
  readonly landing?: (content: ContentReader) => LandingDraft;
  /** Why the code cannot be dynamic, said where the choice would be. */
  readonly staticOnly?: string;
}

/** A web address: static, or dynamic with a short link that redirects to it. */
const webAddress: CodeModes = { static: true, dynamic: true };
/** Content the code can hold itself, or show on a page of the site at its short link. */
const inThePictureOrPage: CodeModes = { static: true, dynamic: true };
/** Content only the code itself can hold. */
const inThePictureOnly: CodeModes = { static: true, dynamic: false };
/** A file the site hosts: only a short link can lead to it. */
const hostedFile: CodeModes = { static: false, dynamic: true };

/** The types in the order of the type screen. */
const entries = [
  {
    id: 'web',
    label: 'Website',
    description: 'Open a web page',
    icon: 'globe',
    sections: [
      section('Website Information', {
        websiteUrl: url('Website URL', 'https://www.example.co.za'),
      }),
    ],
    payload: webAddressPayload('websiteUrl'),
    modes: webAddress,
  },
  {
    id: 'pdf',
    label: 'PDF',
    description: 'Show a PDF document',
    icon: 'file-text',
    sections: [section('PDF Upload', { pdfFile: upload })],
    payload: hostedFilePayload('pdfFile'),
    modes: hostedFile,
    landing: fileLanding('pdfFile'),
  },
  {
    id: 'linklist',
    label: 'Link List',
    description: 'Share several links',
    icon: 'list',
    sections: [
      // The viewer page shows the links, so the list holds as many as it shows.
      section('Link List', { links: linkList(url('Link'), VIEWER_MAX_LINKS, 'Add link') }),
    ],
    payload: linkListPayload,
    modes: webAddress,
    landing: linksLanding,
  },
  {
    id: 'vcard',
    label: 'Virtual Card',
    description: 'Share your contact details',
    icon: 'id-card',
    sections: [
      section('Full Name', {
        vcardFirstName: required('First name', { autoComplete: 'given-name', maxLength: 100 }),
        vcardLastName: required('Last name', { autoComplete: 'family-name', maxLength: 100 }),
      }),
      section('Contact Information', {
        vcardPhone: phone('Phone', true),
        vcardMobile: phone('Mobile', false, 'tel'),
        vcardEmail: required('Email', {
          input: 'email',
          maxLength: EMAIL_MAX,
          format: formats.email,
          autoComplete: 'email',
          requiredMessage: 'Please enter an email address.',
        }),
        vcardWebsite: url('Website'),
        vcardFax: phone('Fax', false, 'off'),
      }),
      section('Company Information', {
        vcardCompany: required('Company', { autoComplete: 'organization', maxLength: 100 }),
        vcardJob: required('Job title', { autoComplete: 'organization-title', maxLength: 100 }),
      }),
      section('Location', {
        vcardAddress: required('Street address', { autoComplete: 'street-address' }),
        vcardCity: required('City', { autoComplete: 'address-level2', maxLength: 100 }),
        vcardPostalCode: required('Postal code', { autoComplete: 'postal-code', maxLength: 12 }),
        vcardCountry: required('Country', { autoComplete: 'country-name', maxLength: 100 }),
      }),
    ],
    payload: contactCardPayload,
    modes: inThePictureOrPage,
    landing: contactLanding,
  },
  {
    id: 'biz',
    label: 'Business',
    description: 'Present your business',
    icon: 'briefcase',
    sections: [
      section('Business Information', {
        businessName: required('Business name', { autoComplete: 'organization', maxLength: 100 }),
        businessURL: url('Business URL'),
      }),
    ],
    payload: webAddressPayload('businessURL'),
    modes: webAddress,
    landing: businessLanding,
  },
  {
    id: 'video',
    label: 'Video',
    description: 'Play a video',
    icon: 'video',
    sections: [section('Video Upload', { videoFile: upload })],
    payload: hostedFilePayload('videoFile'),
    modes: hostedFile,
    landing: fileLanding('videoFile'),
  },
  {
    id: 'img',
    label: 'Images',
    description: 'Show an image',
    icon: 'image',
    sections: [section('Image Upload', { imageFile: upload })],
    payload: hostedFilePayload('imageFile'),
    modes: hostedFile,
    landing: fileLanding('imageFile'),
  },
  {
    id: 'fbook',
    label: 'Facebook',
    description: 'Open your Facebook page',
    icon: 'thumbs-up',
    sections: [
      section('Facebook Page', {
        facebookUrl: url('Facebook page URL', 'https://www.facebook.com/your-page'),
      }),
    ],
    payload: webAddressPayload('facebookUrl'),
    modes: webAddress,
  },
  {
    id: 'insta',
    label: 'Instagram',
    description: 'Open your Instagram profile',
    icon: 'camera',
    sections: [
      section('Instagram Profile', {
        instagramUsername: required('Instagram profile URL', {
          input: 'url',
          maxLength: URL_MAX,
          format: instagramProfile,
          placeholder: 'https://instagram.com/your-name',
          hint: 'The profile address, or just the username.',
          requiredMessage: 'Please enter your Instagram profile address or username.',
        }),
      }),
    ],
    payload: instagramPayload,
    modes: webAddress,
  },
  {
    id: 'smedia',
    label: 'Social Media',
    description: 'Link to your social profile',
    icon: 'share',
    sections: [
      section('Social Media Links', { socialLinks: linkList(url('Social media link'), 1) }),
    ],
    payload: firstLinkPayload('socialLinks'),
    modes: webAddress,
  },
  {
    id: 'whapp',
    label: 'Whatsapp',
    description: 'Start a WhatsApp chat',
    icon: 'message-circle',
    sections: [
      section('WhatsApp Number', {
        whatsappCountryCode: required('Country code', {
          input: 'number',
          maxLength: 4,
          format: formats.countryCode,
          placeholder: '27',
          hint: 'Digits only: 27 for South Africa.',
        }),
        whatsappNumber: phone('WhatsApp number', true),
        // Every WhatsApp field is required, the message too: the code opens the chat with it.
        whatsappMessage: required('Message', {
          input: 'textarea',
          maxLength: 1000,
          hint: 'The text the chat opens with; it can be changed before sending.',
          requiredMessage: 'Please enter the message the chat opens with.',
        }),
      }),
    ],
    payload: whatsappChatPayload,
    modes: webAddress,
  },
  {
    id: 'aud',
    label: 'MP3',
    description: 'Play an audio file',
    icon: 'music',
    sections: [section('Audio Upload', { audioFile: upload })],
    payload: hostedFilePayload('audioFile'),
    modes: hostedFile,
    landing: fileLanding('audioFile'),
  },
  {
    id: 'menu',
    label: 'Menu',
    description: 'Show a restaurant menu',
    icon: 'utensils',
    sections: [section('Menu Upload', { menuFile: upload })],
    payload: hostedFilePayload('menuFile'),
    modes: hostedFile,
    landing: fileLanding('menuFile'),
  },
  {
    id: 'apps',
    label: 'Apps',
    description: 'Link to your app in both stores',
    icon: 'smartphone',
    sections: [
      section('App Links', {
        appStoreLink: linkOn(
          'App Store link',
          'https://apps.apple.com/…',
          ['apps.apple.com', 'itunes.apple.com'],
          'where the store shows your app',
        ),
        playStoreLink: linkOn(
          'Google Play link',
          'https://play.google.com/store/apps/…',
          ['play.google.com'],
          'where the store shows your app',
        ),
      }),
    ],
    payload: appLinksPayload,
    modes: webAddress,
    landing: appsLanding,
  },
  {
    id: 'coup',
    label: 'Coupon',
    description: 'Hand out a coupon code',
    icon: 'ticket',
    sections: [
      section('Coupon Details', { couponCode: required('Coupon code', { maxLength: 100 }) }),
    ],
    payload: couponPayload,
    modes: inThePictureOrPage,
    landing: couponLanding,
  },
  {
    id: 'wifi',
    label: 'WiFi',
    description: 'Join a WiFi network',
    icon: 'wifi',
    sections: [
      section('WiFi Credentials', {
        wifiSSID: required('Network name (SSID)', {
          maxLength: 32,
          keepSpaces: true,
          requiredMessage: 'Please enter the network name.',
        }),
        encrypt: required('Encryption', {
          maxLength: 20,
          suggestions: ['No encryption', 'WEP', 'WPA/WPA2'],
          placeholder: 'WPA/WPA2',
          requiredMessage: 'Please choose the encryption (No encryption, WEP or WPA/WPA2).',
        }),
        wifiPassword: field('Network password', {
          input: 'password',
          maxLength: 63,
          keepSpaces: true,
          autoComplete: 'off',
        }),
      }),
    ],
    // What a phone could not join, said beside the field (a field's own problem comes first).
    rule: (text) => wifiProblems(text('encrypt'), text('wifiPassword')),
    payload: wifiNetworkPayload,
    modes: inThePictureOnly,
    staticOnly:
      'A WiFi code cannot be dynamic: the phone joins the network from what the code itself holds, without opening any page.',
  },
] as const satisfies readonly TypeEntry[];

/** One entry of the registry as written, with its fields' ids (content.ts reads them). */
export type RegistryEntry = (typeof entries)[number];

/** How many types there are (type-count.ts is held to it, for the pages that say the number). */
export type QrTypeCount = (typeof entries)['length'];

export type QrTypeId = RegistryEntry['id'];

export interface QrType extends Omit<TypeEntry, 'sections'> {
  readonly id: QrTypeId;
  readonly sections: readonly ContentSection[];
}

// An item whose id is not a field of its kind (an upload missing from content-fields.ts's
// fileFields) fails to compile here.
export const qrTypes: readonly QrType[] = entries;

export const qrTypeIds: readonly QrTypeId[] = qrTypes.map((type) => type.id);

export function findQrType(id: unknown): QrType | undefined {
  return qrTypes.find((type) => type.id === id);
}

/** A field of `type`'s own form or of every form, by id (an upload: its fileFields entry). */
export function fieldOf(type: QrType, id: string): FormField | undefined {
  for (const entry of [...type.sections, ...commonSections] as readonly Section[]) {
    if (Object.hasOwn(entry.fields, id)) return entry.fields[id];
  }
  return undefined;
}

/** The label of a field of `type`'s form, as the form shows it (a list: its entries' label). */
function labelIn(type: QrType): FieldLabel {
  return (id) => {
    const spec = fieldOf(type, id);
    if (spec === undefined) return id;
    if ('upload' in spec) return fileFields[id as keyof typeof fileFields].label;
    return 'item' in spec ? spec.item.label : spec.label;
  };
}

/**
 * What a code of `type` holds for `content` (stored or typed; fields of other types are
 * ignored): none until a type is chosen. `viewerOrigin` is the site's origin, such as
 * 'https://kempton.example'.
 */
export function payloadFor(
  type: QrTypeId | null,
  content: QrContent<unknown>,
  options: { viewerOrigin: string; hosted?: HostedFiles },
): Payload {
  const entry = findQrType(type);
  if (!entry) return { kind: 'incomplete', reason: 'Choose a type of code first.' };
  return entry.payload(
    contentReader(content, options.viewerOrigin, options.hosted),
    labelIn(entry),
  );
}
