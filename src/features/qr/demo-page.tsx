import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { findQrType } from '../../domain/qr/content';
import { GoogleButton } from '../../lib/auth/google-button';
import { useAuth } from '../../lib/auth/session';
import { FormAlert } from '../../lib/ui/field';
import { demoBenefits } from './demo-content';
import { EmailCodeForm } from './email-code-form';
import sampleQr from './sample-qr.svg';
import { WizardFrame } from './wizard/wizard-frame';
import { useWizard } from './wizard/wizard-store';
import './qr.css';

// Until the generator hands this page a real code, it shows the sample (a real code that scans
// to the company website), as the old site did.
const code = { image: sampleQr, target: company.website };

export default function DemoPage() {
  const { user } = useAuth();
  const [linked, setLinked] = useState(false);
  const wizard = useWizard();
  const { update } = wizard;
  const type = findQrType(wizard.draft.type);
  useEffect(() => {
    update((draft) =>
      draft.type === null || draft.step === 'demo' ? draft : { ...draft, step: 'demo' },
    );
  }, [update]);

  return (
    <WizardFrame step="demo" heading="Your QR Code is ready" wizard={wizard}>
      <div className="qr-demo">
        <section className="qr-demo__intro" aria-label="Your code">
          {type ? (
            <div className="qr-demo__draft">
              <p>
                Your {type.label} code
                {wizard.draft.content.text.qrName
                  ? ` “${wizard.draft.content.text.qrName}”`
                  : ''}{' '}
                and its design are kept as a draft on this device.
              </p>
              <p>
                <Link to={paths.qrContent}>Edit content</Link> ·{' '}
                <Link to={paths.qrDesign}>Edit design</Link>
              </p>
            </div>
          ) : null}
          <figure className="qr-demo__code">
            <img
              src={code.image}
              alt={`QR code that opens ${code.target}`}
              width="240"
              height="240"
            />
            <figcaption>
              Sample code: scanning it opens <span className="qr-demo__target">{code.target}</span>
            </figcaption>
          </figure>
        </section>
        <section className="qr-demo__get panel" aria-labelledby="qr-demo-get-title">
          <h2 id="qr-demo-get-title">Get your code</h2>
          <EmailCodeForm initialEmail={user?.email ?? ''} codeTarget={code.target} />
          <p className="or-divider">or</p>
          <GoogleButton onDone={() => setLinked(true)} />
          {linked ? (
            <FormAlert tone="info">
              Google is linked to your account: next time you can continue with Google.
            </FormAlert>
          ) : null}
        </section>
        <section className="qr-demo__benefits" aria-labelledby="qr-demo-benefits-title">
          <h2 id="qr-demo-benefits-title">With your account</h2>
          <ul>
            {demoBenefits.map((benefit) => (
              <li key={benefit.title}>
                <strong>{benefit.title}</strong>
                <span>{benefit.detail}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </WizardFrame>
  );
}
