import { useSearchParams } from 'react-router-dom';
import { company } from '../../config/company';
import { reportedLinkId } from '../../domain/enquiry';
import { ContactForm } from './contact-form';
import './contact.css';

export default function ContactPage() {
  // The short links' pages send a visitor here to report a link: /ContactPage?report=<id>.
  const [params] = useSearchParams();
  const report = reportedLinkId(params.get('report'));
  return (
    <div className="page contact">
      <section className="contact__intro" aria-labelledby="contact-intro-title">
        <p className="eyebrow">Contact us</p>
        <h1 id="contact-intro-title">Get in touch</h1>
        <p className="lead">
          Tell us about the software you need or the PC you want built. For a PC, mention your
          budget, what you will use it for and, if you saw one you liked, its build number from our
          gallery.
        </p>
        <p>
          Prefer email? Write to <a href={`mailto:${company.email}`}>{company.email}</a>. We are in{' '}
          {company.location}.
        </p>
      </section>
      <section className="contact__form panel" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Contact Form</h2>
        <ContactForm key={report ?? ''} report={report} />
      </section>
    </div>
  );
}
