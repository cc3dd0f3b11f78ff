import { describe, expect, it } from 'vitest';
import { mailLink } from './mail-link';

describe('mailLink', () => {
  it('addresses the message and encodes subject and body for a mail app', () => {
    const link = mailLink({
      to: ' thandi@example.co.za ',
      subject: 'Your QR code & more',
      body: 'Line one\nhttps://example.co.za/?a=1&b=2',
    });
    expect(link).toBe(
      'mailto:thandi@example.co.za?subject=Your%20QR%20code%20%26%20more' +
        '&body=Line%20one%0D%0Ahttps%3A%2F%2Fexample.co.za%2F%3Fa%3D1%26b%3D2',
    );
  });

  it('keeps characters of an address that would otherwise start a new part', () => {
    expect(mailLink({ to: 'a+b?c@example.com', subject: '', body: '' })).toBe(
      'mailto:a%2Bb%3Fc@example.com?subject=&body=',
    );
  });

  it('round-trips through a URL parser', () => {
    const url = new URL(mailLink({ to: 'x@y.za', subject: 'Hi there', body: 'a\nb' }));
    expect(url.protocol).toBe('mailto:');
    expect(url.searchParams.get('subject')).toBe('Hi there');
    expect(url.searchParams.get('body')).toBe('a\r\nb');
  });
});
