// The 16 QR types, each described once: its id and label, its tile's description and icon, the
// sections of its content form, what its code holds (its payload), and whether its code can be
// static (the content in the picture) and/or dynamic (a short link of the site whose target can
// change after printing). Everything else reads this list: the type screen, the content form,
// the renderer, saving, the short links' server (functions/ imports it), and a test holds
// firestore.rules' list of type ids to it. A new type is one entry here, and its id in that
// rules list. Only what no type has yet goes elsewhere, each place held to this list by the
// compiler or a test: a new field in content.ts (and firestore.rules), a payload builder in
// payload.ts (a new text format in text-formats.ts), a landing page in landing.ts (drawn by
// functions/src/landing.ts), an icon in the wizard's type-icons.ts.
import { fileItem, listItem, section, text, type ContentSection, type QrContent } from './content';
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
  readonly sections: readonly ContentSection[];
  /** What the code holds for this content (payload.ts's builders). */
  readonly payload: (content: ContentReader) => Payload;
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

/** The 16 types in the order of the type screen. */
const entries = [
  {
    id: 'web',
    label: 'Website',
    description: 'Open a web page',
    icon: 'globe',
    sections: [section('Website Information', text('websiteUrl'))],
    payload: webAddressPayload('websiteUrl'),
    modes: webAddress,
  },
  {
    id: 'pdf',
    label: 'PDF',
    description: 'Show a PDF document',
    icon: 'file-text',
    sections: [section('PDF Upload', fileItem('pdfFile'))],
    payload: hostedFilePayload('pdfFile'),
    modes: hostedFile,
    landing: fileLanding('pdfFile'),
  },
  {
    id: 'linklist',
    label: 'Link List',
    description: 'Share several links',
    icon: 'list',
    sections: [section('Link List', listItem('links'))],
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
      section('Full Name', text('vcardFirstName', 'vcardLastName')),
      section(
        'Contact Information',
        text('vcardPhone', 'vcardMobile', 'vcardEmail', 'vcardWebsite', 'vcardFax'),
      ),
      section('Company Information', text('vcardCompany', 'vcardJob')),
      section('Location', text('vcardAddress', 'vcardCity', 'vcardPostalCode', 'vcardCountry')),
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
    sections: [section('Business Information', text('businessName', 'businessURL'))],
    payload: webAddressPayload('businessURL'),
    modes: webAddress,
    landing: businessLanding,
  },
  {
    id: 'video',
    label: 'Video',
    description: 'Play a video',
    icon: 'video',
    sections: [section('Video Upload', fileItem('videoFile'))],
    payload: hostedFilePayload('videoFile'),
    modes: hostedFile,
    landing: fileLanding('videoFile'),
  },
  {
    id: 'img',
    label: 'Images',
    description: 'Show an image',
    icon: 'image',
    sections: [section('Image Upload', fileItem('imageFile'))],
    payload: hostedFilePayload('imageFile'),
    modes: hostedFile,
    landing: fileLanding('imageFile'),
  },
  {
    id: 'fbook',
    label: 'Facebook',
    description: 'Open your Facebook page',
    icon: 'thumbs-up',
    sections: [section('Facebook Page', text('facebookUrl'))],
    payload: webAddressPayload('facebookUrl'),
    modes: webAddress,
  },
  {
    id: 'insta',
    label: 'Instagram',
    description: 'Open your Instagram profile',
    icon: 'camera',
    sections: [section('Instagram Profile', text('instagramUsername'))],
    payload: instagramPayload,
    modes: webAddress,
  },
  {
    id: 'smedia',
    label: 'Social Media',
    description: 'Link to your social profile',
    icon: 'share',
    sections: [section('Social Media Links', listItem('socialLinks'))],
    payload: firstLinkPayload('socialLinks'),
    modes: webAddress,
  },
  {
    id: 'whapp',
    label: 'Whatsapp',
    description: 'Start a WhatsApp chat',
    icon: 'message-circle',
    sections: [
      section('WhatsApp Number', text('whatsappCountryCode', 'whatsappNumber', 'whatsappMessage')),
    ],
    payload: whatsappChatPayload,
    modes: webAddress,
  },
  {
    id: 'aud',
    label: 'MP3',
    description: 'Play an audio file',
    icon: 'music',
    sections: [section('Audio Upload', fileItem('audioFile'))],
    payload: hostedFilePayload('audioFile'),
    modes: hostedFile,
    landing: fileLanding('audioFile'),
  },
  {
    id: 'menu',
    label: 'Menu',
    description: 'Show a restaurant menu',
    icon: 'utensils',
    sections: [section('Menu Upload', fileItem('menuFile'))],
    payload: hostedFilePayload('menuFile'),
    modes: hostedFile,
    landing: fileLanding('menuFile'),
  },
  {
    id: 'apps',
    label: 'Apps',
    description: 'Link to your app in both stores',
    icon: 'smartphone',
    sections: [section('App Links', text('appStoreLink', 'playStoreLink'))],
    payload: appLinksPayload,
    modes: webAddress,
    landing: appsLanding,
  },
  {
    id: 'coup',
    label: 'Coupon',
    description: 'Hand out a coupon code',
    icon: 'ticket',
    sections: [section('Coupon Details', text('couponCode'))],
    payload: couponPayload,
    modes: inThePictureOrPage,
    landing: couponLanding,
  },
  {
    id: 'wifi',
    label: 'WiFi',
    description: 'Join a WiFi network',
    icon: 'wifi',
    sections: [section('WiFi Credentials', text('wifiSSID', 'encrypt', 'wifiPassword'))],
    payload: wifiNetworkPayload,
    modes: inThePictureOnly,
    staticOnly:
      'A WiFi code cannot be dynamic: the phone joins the network from what the code itself holds, without opening any page.',
  },
] as const satisfies readonly TypeEntry[];

export type QrTypeId = (typeof entries)[number]['id'];

export interface QrType extends TypeEntry {
  readonly id: QrTypeId;
}

export const qrTypes: readonly QrType[] = entries;

export const qrTypeIds: readonly QrTypeId[] = qrTypes.map((type) => type.id);

export function findQrType(id: unknown): QrType | undefined {
  return qrTypes.find((type) => type.id === id);
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
  return entry.payload(contentReader(content, options.viewerOrigin, options.hosted));
}
