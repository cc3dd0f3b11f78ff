// The QR content form as the product fixes it: the types' sections and fields (each type's ids,
// labels and forms are pinned once, in qr-types.test.ts; here the list is read from the registry),
// the required markers, and what checkContent refuses and normalises.
import { describe, expect, it } from 'vitest';
import {
  checkContent,
  commonSections,
  contentItems,
  emptyContent,
  fileFields,
  listFields,
  listItemName,
  textFieldIds,
  textFields,
  type ContentItem,
  type FileFieldId,
  type QrContent,
  type TextFieldId,
} from './content';
import { findQrType, qrTypeIds, qrTypes, type QrType, type QrTypeId } from './qr-types';
import { validText } from '../../../tests/support/valid-content';
import type { FileFacts } from './files';

const MB = 1024 * 1024;

function typeOf(id: QrTypeId): QrType {
  const type = findQrType(id);
  if (!type) throw new Error(`no type ${id}`);
  return type;
}

const facts = (name: string, type: string, size = 1000): FileFacts => ({ name, type, size });

const validFiles: Record<FileFieldId, FileFacts> = {
  pdfFile: facts('brochure.pdf', 'application/pdf'),
  videoFile: facts('clip.mp4', 'video/mp4'),
  imageFile: facts('photo.jpg', 'image/jpeg'),
  audioFile: facts('song.mp3', 'audio/mpeg'),
  menuFile: facts('menu.png', 'image/png'),
};

const validContent: QrContent<FileFacts> = {
  text: validText,
  lists: {
    links: ['https://a.example.co.za', 'https://b.example.co.za'],
    socialLinks: ['https://x.com/kcw'],
  },
  files: validFiles,
};

/** The empty form with some text fields filled in. */
const withText = (
  text: Partial<Record<TextFieldId, string>>,
  base: QrContent<FileFacts> = emptyContent,
): QrContent<FileFacts> => ({ ...base, text: { ...base.text, ...text } });

/** Only what a type's own items hold, taken from the valid content; the rest stays empty. */
function onlyOwn(type: QrType): QrContent<FileFacts> {
  const text = { ...emptyContent.text };
  const lists = { ...emptyContent.lists };
  const files: Partial<Record<FileFieldId, FileFacts>> = {};
  for (const item of contentItems(type)) {
    if (item.kind === 'text') text[item.id] = validText[item.id];
    else if (item.kind === 'list') lists[item.id] = validContent.lists[item.id];
    else files[item.id] = validFiles[item.id];
  }
  return { text, lists, files };
}

describe('the QR types', () => {
  it('each has a description and at least one section with at least one item', () => {
    for (const type of qrTypes) {
      expect(type.description.trim(), type.id).not.toBe('');
      expect(type.sections.length, type.id).toBeGreaterThan(0);
      for (const section of type.sections) expect(section.items.length).toBeGreaterThan(0);
    }
    expect(new Set(qrTypes.map((type) => type.description)).size).toBe(qrTypes.length);
  });

  it('are found by id, and nothing else is', () => {
    expect(findQrType('vcard')?.label).toBe('Virtual Card');
    for (const id of ['', 'Web', 'website', 'toString', null, undefined, 3, {}]) {
      expect(findQrType(id)).toBeUndefined();
    }
  });

  it('groups the vcard fields as the old form did', () => {
    const ids = (title: string) =>
      typeOf('vcard')
        .sections.find((section) => section.title === title)
        ?.items.map((item) => item.id);
    expect(ids('Full Name')).toEqual(['vcardFirstName', 'vcardLastName']);
    expect(ids('Company Information')).toEqual(['vcardCompany', 'vcardJob']);
    expect(ids('Location')).toEqual([
      'vcardAddress',
      'vcardCity',
      'vcardPostalCode',
      'vcardCountry',
    ]);
  });

  it('all end with the common sections: Name of the QR Code, Password, Active dates and scan limit', () => {
    const common = [
      'qrName',
      'password',
      'activeFrom',
      'activeUntil',
      'scanLimit',
      'inactiveMessage',
      'inactiveUrl',
    ];
    expect(commonSections.map((section) => section.title)).toEqual([
      'Name of the QR Code',
      'Password',
      'Active dates and scan limit',
    ]);
    expect(commonSections.flatMap((section) => section.items.map((item) => item.id))).toEqual(
      common,
    );
    for (const type of qrTypes) {
      const items = contentItems(type).map((item) => item.id);
      expect(items.slice(-common.length), type.id).toEqual(common);
      expect(new Set(items).size, type.id).toBe(items.length);
    }
  });
  it('items say their kind truthfully: text, list and file ids each live in their own table', () => {
    for (const type of qrTypes) {
      for (const item of contentItems(type)) {
        const table =
          item.kind === 'text' ? textFields : item.kind === 'list' ? listFields : fileFields;
        expect(Object.keys(table), `${type.id} ${item.id}`).toContain(item.id);
      }
    }
  });
});

describe('the content fields', () => {
  // Every field the content form holds (saved codes store them by these names, and firestore.rules
  // lets exactly these through): the common ones, with ours for when a dynamic code is active
  // (schedule.ts), and every type's own, as its entry writes them.
  const commonText = [
    'qrName',
    'password',
    'activeFrom',
    'activeUntil',
    'scanLimit',
    'inactiveMessage',
    'inactiveUrl',
  ];
  const ownItems = qrTypes.flatMap((type) => type.sections.flatMap((entry) => entry.items));
  const ownOf = (kind: ContentItem['kind']) =>
    ownItems.filter((item) => item.kind === kind).map((item) => item.id);
  const expectedText = [...commonText, ...ownOf('text')];

  it('are exactly the text fields, lists and files a saved code holds', () => {
    expect([...textFieldIds].sort()).toEqual([...expectedText].sort());
    expect(Object.keys(listFields).sort()).toEqual([...ownOf('list')].sort());
    expect(Object.keys(fileFields).sort()).toEqual(
      ['pdfFile', 'videoFile', 'imageFile', 'audioFile', 'menuFile'].sort(),
    );
    expect([...ownOf('file')].sort()).toEqual(Object.keys(fileFields).sort());
  });

  it('each appear on exactly one form (the common two on every form)', () => {
    const common = new Set<string>(
      commonSections.flatMap((entry) => entry.items.map((item) => item.id)),
    );
    const owners = new Map<string, QrTypeId[]>();
    for (const type of qrTypes) {
      for (const section of type.sections) {
        for (const item of section.items) {
          owners.set(item.id, [...(owners.get(item.id) ?? []), type.id]);
        }
      }
    }
    for (const id of [...expectedText, ...Object.keys(listFields), ...Object.keys(fileFields)]) {
      if (common.has(id)) expect(owners.has(id), id).toBe(false);
      else expect(owners.get(id), id).toHaveLength(1);
    }
  });

  it('start empty: every text field blank, each list with one empty entry, no files', () => {
    expect(Object.keys(emptyContent.text).sort()).toEqual([...expectedText].sort());
    expect(Object.values(emptyContent.text).every((value) => value === '')).toBe(true);
    expect(emptyContent.lists).toEqual({ links: [''], socialLinks: [''] });
    expect(Object.keys(emptyContent.lists).sort()).toEqual([...ownOf('list')].sort());
    expect(emptyContent.files).toEqual({});
  });

  it('have labels, and messages that are not empty', () => {
    for (const id of textFieldIds) {
      expect(textFields[id].label.trim(), id).not.toBe('');
      expect(textFields[id].requiredMessage.trim(), id).not.toBe('');
      expect(textFields[id].maxLength, id).toBeGreaterThan(0);
    }
  });

  // Required: every field of a type's own form (vcard's all but Mobile and Fax, WiFi's SSID and
  // encryption), every list item and every upload: a code without them leads nowhere useful.
  const optionalOwn = ['vcardMobile', 'vcardFax', 'wifiPassword'];
  const expectedRequired = ownOf('text').filter((id) => !optionalOwn.includes(id));

  it('are required where a code would be useless without them', () => {
    const required = textFieldIds.filter((id) => textFields[id].required).sort();
    expect(required).toEqual([...expectedRequired].sort());
    expect(expectedRequired).toEqual(
      expect.arrayContaining(['websiteUrl', 'vcardPhone', 'whatsappMessage', 'encrypt']),
    );
  });

  it('leave optional: vcard Mobile and Fax, the WiFi password, the QR name and password', () => {
    for (const id of ['vcardMobile', 'vcardFax', 'wifiPassword', 'qrName', 'password'] as const) {
      expect(textFields[id].required, id).toBe(false);
    }
  });

  // Every WhatsApp field is required, the message too: the chat opens with it.
  it('require the WhatsApp message', () => {
    expect(textFields.whatsappMessage.required).toBe(true);
  });

  it('require every list item and every upload', () => {
    for (const spec of Object.values(listFields)) {
      expect(spec.item.required).toBe(true);
      expect(spec.min).toBe(1);
    }
    expect(listFields.links.max).toBeGreaterThan(1);
    expect(listFields.socialLinks.max).toBe(1);
  });

  it('use the input types that bring up the right keyboard', () => {
    expect(textFields.vcardEmail.input).toBe('email');
    expect(textFields.vcardPhone.input).toBe('tel');
    expect(textFields.whatsappCountryCode.input).toBe('number');
    expect(textFields.password.input).toBe('password');
    expect(textFields.wifiPassword.input).toBe('password');
    expect(textFields.websiteUrl.input).toBe('url');
    expect(textFields.instagramUsername.input).toBe('url');
    expect(textFields.whatsappMessage.input).toBe('textarea');
  });

  it('suggest the usual encryptions, with free text allowed', () => {
    expect(textFields.encrypt.suggestions).toEqual(['No encryption', 'WEP', 'WPA/WPA2']);
    expect(textFields.encrypt.options).toBeUndefined();
    const result = checkContent(
      typeOf('wifi'),
      withText({ wifiSSID: 'Home', encrypt: 'WPA3', wifiPassword: 'secret pass' }),
    );
    expect(result.errors).toEqual({});
    expect(result.content.text.encrypt).toBe('WPA3');
  });

  it('say beside the field what a phone could not join: an unknown encryption, a wrong password', () => {
    const wifi = (encrypt: string, wifiPassword: string) =>
      checkContent(typeOf('wifi'), withText({ wifiSSID: 'Home', encrypt, wifiPassword })).errors;
    expect(wifi('banana', 'secret pass')).toEqual({
      encrypt:
        '“banana” is not an encryption a phone knows. Please choose No encryption, WEP or WPA/WPA2.',
    });
    expect(wifi('WPA/WPA2', 'abc')).toEqual({
      wifiPassword: 'A WPA password has 8 to 63 characters; this one has 3.',
    });
    expect(wifi('WPA/WPA2', '')).toEqual({
      wifiPassword: 'A WPA network needs its password. Please enter it.',
    });
    expect(wifi('No encryption', 'secret pass')).toEqual({
      wifiPassword:
        'An open network has no password: empty this field, or choose WPA/WPA2 as the encryption.',
    });
    expect(wifi('No encryption', '')).toEqual({});
    expect(wifi('WEP', 'abcde')).toEqual({});
  });

  it('take store links on the stores’ own hosts only', () => {
    const apps = (appStoreLink: string, playStoreLink: string) =>
      checkContent(typeOf('apps'), withText({ appStoreLink, playStoreLink })).errors;
    expect(
      apps('https://apps.apple.com/app/id1', 'https://play.google.com/store/apps/details?id=a.b'),
    ).toEqual({});
    expect(apps('https://evil.example/app', 'https://play.google.example/x')).toEqual({
      appStoreLink: 'Please enter a link on apps.apple.com, where the store shows your app.',
      playStoreLink: 'Please enter a link on play.google.com, where the store shows your app.',
    });
  });

  it('hold a dynamic code’s password to 8 characters at least, saying so beside the field', () => {
    const short = checkContent(
      typeOf('web'),
      withText({ websiteUrl: 'https://a.example/', password: 'seven77' }),
    );
    expect(short.errors).toEqual({ password: 'A password has at least 8 characters.' });
    const long = checkContent(
      typeOf('web'),
      withText({ websiteUrl: 'https://a.example/', password: 'eight888' }),
    );
    expect(long.errors).toEqual({});
    expect(textFields.password.hint).toContain('at least 8 characters');
  });

  it('keep passwords and the network name exactly as typed', () => {
    const result = checkContent(
      typeOf('wifi'),
      withText({
        wifiSSID: ' Home net ',
        encrypt: ' WEP ',
        wifiPassword: ' pass word ',
        password: '  p a s s ',
      }),
    );
    expect(result.errors).toEqual({});
    expect(result.content.text).toMatchObject({
      wifiSSID: ' Home net ',
      encrypt: 'WEP',
      wifiPassword: ' pass word ',
      password: '  p a s s ',
    });
  });
});

describe('checkContent', () => {
  // For the empty form, the fields Next asks for: a type's required text fields, the first entry
  // of its list, its upload.
  const expectedMissing = (type: QrType) =>
    contentItems(type).flatMap((item) =>
      item.kind === 'list'
        ? [listItemName(item.id, 0)]
        : item.kind === 'file' || textFields[item.id].required
          ? [item.id]
          : [],
    );

  it.each(qrTypeIds)('%s: the empty form gives a message per required field', (id) => {
    const { errors } = checkContent(typeOf(id), emptyContent);
    expect(Object.keys(errors).sort()).toEqual(expectedMissing(typeOf(id)).sort());
    for (const [name, message] of Object.entries(errors)) {
      if (name in textFields) expect(message).toBe(textFields[name as TextFieldId].requiredMessage);
      else expect(message, name).toMatch(/^Please /);
    }
  });

  it('names the field in its required message', () => {
    const { errors } = checkContent(typeOf('vcard'), emptyContent);
    expect(errors.vcardFirstName).toBe('Please enter first name.');
    expect(errors.vcardEmail).toBe('Please enter an email address.');
    expect(checkContent(typeOf('web'), emptyContent).errors.websiteUrl).toBe(
      'Please enter website URL.',
    );
    expect(checkContent(typeOf('wifi'), emptyContent).errors.wifiSSID).toBe(
      'Please enter the network name.',
    );
    expect(checkContent(typeOf('linklist'), emptyContent).errors['links.0']).toBe(
      'Please enter link.',
    );
  });

  it('treats blank as empty', () => {
    const { errors } = checkContent(typeOf('coup'), withText({ couponCode: '  \t ' }));
    expect(errors).toEqual({ couponCode: 'Please enter coupon code.' });
  });

  it('asks for a missing upload by its kind', () => {
    expect(checkContent(typeOf('video'), emptyContent).errors.videoFile).toBe(
      'Please choose a video to upload.',
    );
    expect(checkContent(typeOf('menu'), emptyContent).errors.menuFile).toBe(
      'Please choose a PDF or an image to upload.',
    );
    expect(checkContent(typeOf('aud'), emptyContent).errors.audioFile).toBe(
      'Please choose an audio file to upload.',
    );
  });

  it('asks for a missing PDF without mangling the acronym', () => {
    expect(checkContent(typeOf('pdf'), emptyContent).errors.pdfFile).toBe(
      'Please choose a PDF to upload.',
    );
  });

  it.each(qrTypeIds)('%s: valid content passes', (id) => {
    expect(checkContent(typeOf(id), validContent).errors).toEqual({});
  });

  it.each(qrTypeIds)(
    '%s: looks only at its own fields and the common ones (others empty or wrong)',
    (id) => {
      const type = typeOf(id);
      const own = onlyOwn(type);
      expect(checkContent(type, own).errors).toEqual({});

      // Every field of every other type holds something that would be refused.
      const ownIds = new Set(contentItems(type).map((item) => item.id as string));
      const text = { ...own.text };
      for (const field of textFieldIds) if (!ownIds.has(field)) text[field] = 'x'.repeat(3000);
      const lists = { ...own.lists };
      for (const list of ['links', 'socialLinks'] as const) {
        if (!ownIds.has(list)) lists[list] = ['not a link', ''];
      }
      const files = { ...own.files };
      for (const file of Object.keys(fileFields) as FileFieldId[]) {
        if (!ownIds.has(file)) files[file] = facts('a.txt', 'text/plain', 10);
      }
      const result = checkContent(type, { text, lists, files });
      expect(result.errors).toEqual({});
      // What it did not check, it leaves as it was.
      for (const field of textFieldIds) {
        if (!ownIds.has(field)) expect(result.content.text[field]).toBe(text[field]);
      }
      for (const list of ['links', 'socialLinks'] as const) {
        if (!ownIds.has(list)) expect(result.content.lists[list]).toEqual(lists[list]);
      }
      expect(result.content.files).toBe(files);
    },
  );

  it('passes a web form with the vcard fields empty', () => {
    const content = withText({ websiteUrl: 'https://example.co.za' });
    expect(content.text.vcardFirstName).toBe('');
    expect(checkContent(typeOf('web'), content).errors).toEqual({});
  });

  it('checks the common fields on every form: a QR name that is too long', () => {
    const long = 'n'.repeat(textFields.qrName.maxLength + 1);
    for (const type of qrTypes) {
      const { errors } = checkContent(type, withText({ qrName: long }, onlyOwn(type)));
      expect(errors, type.id).toEqual({
        qrName: `Name of the QR Code can be at most ${textFields.qrName.maxLength} characters: cut ${long.length - textFields.qrName.maxLength} (it has ${long.length}).`,
      });
    }
  });

  it('trims text, and does not change the content it was given', () => {
    const content = withText({ businessName: '  Kempton  ', businessURL: ' example.co.za ' });
    const before = structuredClone(content);
    const result = checkContent(typeOf('biz'), content);
    expect(result.errors).toEqual({});
    expect(result.content.text.businessName).toBe('Kempton');
    expect(result.content.text.businessURL).toBe('https://example.co.za');
    expect(content).toEqual(before);
  });

  describe('normalises', () => {
    const web = (websiteUrl: string) => checkContent(typeOf('web'), withText({ websiteUrl }));

    it('adds https:// to an address typed without a scheme, and keeps http://', () => {
      expect(web('example.co.za').content.text.websiteUrl).toBe('https://example.co.za');
      expect(web('www.example.co.za/menu?x=1').content.text.websiteUrl).toBe(
        'https://www.example.co.za/menu?x=1',
      );
      expect(web('http://example.co.za').content.text.websiteUrl).toBe('http://example.co.za');
      expect(web('https://example.co.za').content.text.websiteUrl).toBe('https://example.co.za');
    });

    it('refuses what is not a web address', () => {
      for (const bad of ['not a url', 'localhost', 'ftp://example.co.za', 'mailto:a@b.co']) {
        expect(web(bad).errors.websiteUrl, bad).toBe(
          'Please enter a web address starting with http:// or https://.',
        );
        // A refused value is left as typed, not half-normalised.
        expect(web(bad).content.text.websiteUrl, bad).toBe(bad);
      }
    });

    const vcard = (text: Partial<Record<TextFieldId, string>>) =>
      checkContent(typeOf('vcard'), { ...validContent, text: { ...validText, ...text } });

    it('keeps the digits of a phone number, and a leading +', () => {
      expect(vcard({ vcardPhone: '082 123-4567' }).content.text.vcardPhone).toBe('0821234567');
      expect(vcard({ vcardPhone: '+27 82 123 4567' }).content.text.vcardPhone).toBe('+27821234567');
      expect(vcard({ vcardPhone: '(011) 123.4567' }).content.text.vcardPhone).toBe('0111234567');
      expect(vcard({ vcardMobile: '083 000 1111' }).content.text.vcardMobile).toBe('0830001111');
    });

    it('refuses a phone number with letters or a + in the middle', () => {
      for (const bad of ['082 ABC 4567', '27+821234567', '12']) {
        expect(vcard({ vcardPhone: bad }).errors.vcardPhone, bad).toBe(
          'Please use digits only (spaces and a leading + are fine).',
        );
      }
      expect(vcard({ vcardFax: 'fax me' }).errors).toEqual({
        vcardFax: 'Please use digits only (spaces and a leading + are fine).',
      });
    });

    it('checks the email address', () => {
      expect(vcard({ vcardEmail: 'thandi@' }).errors).toEqual({
        vcardEmail: 'Please enter a valid email address.',
      });
      expect(vcard({ vcardEmail: ' thandi@example.co.za ' }).content.text.vcardEmail).toBe(
        'thandi@example.co.za',
      );
    });

    const whapp = (whatsappCountryCode: string) =>
      checkContent(
        typeOf('whapp'),
        withText({ whatsappCountryCode, whatsappNumber: '0821234567', whatsappMessage: 'Hi' }),
      );

    it('drops a + or 00 in front of the country code', () => {
      expect(whapp('+27').content.text.whatsappCountryCode).toBe('27');
      expect(whapp('0027').content.text.whatsappCountryCode).toBe('27');
      expect(whapp(' 27 ').content.text.whatsappCountryCode).toBe('27');
      expect(whapp('1').errors).toEqual({});
    });

    it('refuses a country code that is not 1 to 3 digits', () => {
      for (const bad of ['0', 'ZA', '2777', '27a']) {
        expect(whapp(bad).errors.whatsappCountryCode, bad).toBe(
          'Please enter the country code in digits, for example 27.',
        );
      }
    });

    const insta = (instagramUsername: string) =>
      checkContent(typeOf('insta'), withText({ instagramUsername }));

    it('takes an Instagram username with or without @, and a full address as it is', () => {
      expect(insta('@name').content.text.instagramUsername).toBe('name');
      expect(insta('kempton.code_works').content.text.instagramUsername).toBe('kempton.code_works');
      expect(insta('https://www.instagram.com/name/').content.text.instagramUsername).toBe(
        'https://www.instagram.com/name/',
      );
      expect(insta(' @name ').errors).toEqual({});
    });

    // An address gets https:// like every other address, so it is never taken for a username.
    it('adds https:// to an Instagram address typed without it', () => {
      expect(insta('instagram.com/name').content.text.instagramUsername).toBe(
        'https://instagram.com/name',
      );
    });

    it('refuses what is neither an Instagram username nor an instagram.com address', () => {
      for (const bad of ['two words', '@', 'a'.repeat(31), 'name!', 'https://facebook.com/x']) {
        expect(insta(bad).errors.instagramUsername, bad).toMatch(/^Please enter an Instagram/);
      }
    });
  });

  describe('lists', () => {
    const linklist = typeOf('linklist');
    const links = (items: string[]) =>
      checkContent(linklist, { ...emptyContent, lists: { ...emptyContent.lists, links: items } });

    it('keys each item by list and position, and normalises the ones that pass', () => {
      expect(listItemName('links', 2)).toBe('links.2');
      const result = links(['example.co.za', '', 'not a link', ' https://b.example.co.za ']);
      expect(result.errors).toEqual({
        'links.1': 'Please enter link.',
        'links.2': 'Please enter a web address starting with http:// or https://.',
      });
      expect(result.content.lists.links).toEqual([
        'https://example.co.za',
        '',
        'not a link',
        'https://b.example.co.za',
      ]);
    });

    it('cuts a list beyond its maximum, and checks only what is kept', () => {
      const max = listFields.links.max;
      const many = Array.from({ length: max + 3 }, (_, index) => `https://l${index}.example.co.za`);
      many[max + 1] = 'not a link';
      const result = links(many);
      expect(result.errors).toEqual({});
      expect(result.content.lists.links).toEqual(many.slice(0, max));
    });

    // The page never leaves a list empty; a stored or hand-made empty one is still caught.
    it('asks for at least one link when the list is empty', () => {
      expect(links([]).errors).toEqual({ 'links.0': 'Please enter link.' });
    });

    it('keeps only the first social link', () => {
      const result = checkContent(typeOf('smedia'), {
        ...emptyContent,
        lists: { ...emptyContent.lists, socialLinks: ['x.com/kcw', 'not a link'] },
      });
      expect(result.errors).toEqual({});
      expect(result.content.lists.socialLinks).toEqual(['https://x.com/kcw']);
    });

    it('asks for the one social link when it is empty', () => {
      expect(checkContent(typeOf('smedia'), emptyContent).errors).toEqual({
        'socialLinks.0': 'Please enter social media link.',
      });
    });
  });

  describe('uploads', () => {
    const withFile = (id: FileFieldId, file: FileFacts): QrContent<FileFacts> => ({
      ...emptyContent,
      files: { [id]: file },
    });

    it('accepts a file of the right kind', () => {
      expect(checkContent(typeOf('pdf'), withFile('pdfFile', validFiles.pdfFile)).errors).toEqual(
        {},
      );
      expect(
        checkContent(typeOf('menu'), withFile('menuFile', facts('menu.pdf', 'application/pdf')))
          .errors,
      ).toEqual({});
    });

    const uploadsOfTypes = qrTypes.flatMap((type) =>
      contentItems(type).flatMap((item) =>
        item.kind === 'file' ? [[type.id, item.id] as [QrTypeId, FileFieldId]] : [],
      ),
    );

    it.each(uploadsOfTypes)('%s refuses a file of the wrong kind, naming it', (id, field) => {
      const { errors } = checkContent(
        typeOf(id),
        withFile(field, facts('a.txt', 'text/plain', 10)),
      );
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]).toMatch(/^"a\.txt" is not /);
    });

    it('refuses an image for the PDF, and a PDF for the image', () => {
      expect(
        checkContent(typeOf('pdf'), withFile('pdfFile', facts('p.png', 'image/png'))).errors
          .pdfFile,
      ).toMatch(/is not a PDF/);
      expect(
        checkContent(typeOf('img'), withFile('imageFile', facts('p.pdf', 'application/pdf'))).errors
          .imageFile,
      ).toMatch(/is not an image/);
    });

    it('refuses a file that is too big', () => {
      const { errors } = checkContent(
        typeOf('img'),
        withFile('imageFile', facts('big.jpg', 'image/jpeg', 10 * MB + 1)),
      );
      expect(errors.imageFile).toMatch(/^"big\.jpg" is .*the limit is 10 MB/);
    });

    it('ignores a file kept under another type', () => {
      const content = withFile('pdfFile', facts('a.txt', 'text/plain', 10));
      expect(checkContent(typeOf('img'), content).errors).toEqual({
        imageFile: 'Please choose an image to upload.',
      });
    });
  });
});
