import { useEffect, useRef, type RefObject } from 'react';
import { reportMessage } from '../../domain/enquiry';
import { shortLinkUrl } from '../../domain/qr/short-link';

/**
 * Over the form opened to report the short link `report`: names the link, while the message
 * still does (`shown`). On arrival the visitor is asked why, so the cursor waits after the link's
 * name in the message; where the message is out of sight (a phone), the page scrolls to this note
 * instead of to the message alone, so both are seen.
 */
export function ReportNote({
  report,
  origin,
  shown,
  formRef,
}: {
  report: string;
  origin: string;
  shown: boolean;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const message = formRef.current?.elements.namedItem('message');
    if (!(message instanceof HTMLTextAreaElement)) return;
    const end = reportMessage(origin, report).length;
    message.focus({ preventScroll: true });
    message.setSelectionRange(end, end);
    const { top, bottom } = message.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) {
      (note.current ?? message).scrollIntoView({ block: 'start' });
    }
  }, [formRef, origin, report]);

  if (!shown) return null;
  return (
    <p ref={note} className="contact-form__report">
      You are reporting the short link{' '}
      <strong className="contact-form__link">{shortLinkUrl(origin, report)}</strong>. Tell us in the
      message what is wrong with it: where it led, or why you think it is harmful.
    </p>
  );
}
