import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { findQrType } from '../../../domain/qr/qr-types';
import { PageLoading } from '../../../lib/ui/page-loading';
import { demoBenefits } from './demo-content';
import { ScanStatus } from '../check/scan-status';
import { useCheckedCode, type ScanCheckState } from '../check/use-scan-check';
import { CodePicture } from '../render/code-picture';
import { DownloadPanel } from '../render/download-panel';
import { mustBeDynamic } from '../../../domain/qr/dynamic';
import { payloadText } from '../../../domain/qr/payload';
import { DynamicChoice } from '../links/dynamic-choice';
import { SaveToAccount } from '../codes/save-to-account';
import { hasSampleLink, type CodeState } from '../render/use-code';
import { NoCode } from './no-code';
import { ReadyCode } from './ready-code';
import { WizardFrame } from './wizard-frame';
import { useWizard, type Wizard } from '../draft/wizard-store';
import './demo-page.css';

const isWebAddress = (text: string) => /^https?:\/\//i.test(text);

/** What the code is, for screen readers: where it leads, or what it holds. */
const codeLabel = (text: string) =>
  isWebAddress(text) ? `QR code that opens ${text}` : `QR code: ${text}`;

export default function DemoPage() {
  const wizard = useWizard();
  const { update } = wizard;
  useEffect(() => {
    update((draft) =>
      draft.type === null || draft.step === 'demo' ? draft : { ...draft, step: 'demo' },
    );
  }, [update]);

  const { code, check } = useCheckedCode(wizard.draft, 'demo');

  if (!wizard.ready) return <PageLoading />;
  return (
    <WizardFrame step="demo" heading={headingOf(wizard, code)} wizard={wizard}>
      <div className="qr-demo">
        {wizard.draft.type === null ? (
          <NoDraft />
        ) : (
          <DraftCode wizard={wizard} code={code} check={check} />
        )}
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

/**
 * The page's heading, 'Your QR Code is ready', only when it is: a code that cannot be finished
 * (a file type without hosting, content too long) says so rather than promise a code.
 */
function headingOf(wizard: Wizard, code: CodeState) {
  if (wizard.draft.type === null) return 'No QR code yet';
  return code.status === 'ready' || code.status === 'drawing'
    ? 'Your QR Code is ready'
    : 'Your QR Code is not ready yet';
}

function NoDraft() {
  return (
    <div className="qr-demo__empty panel">
      <p>There is no code in progress on this device. Choose a type to make one.</p>
      <Link className="button" to={paths.qrType}>
        Choose a type of code
      </Link>
    </div>
  );
}

function DraftCode({
  wizard,
  code,
  check,
}: {
  wizard: Wizard;
  code: CodeState;
  check: ScanCheckState;
}) {
  const { draft } = wizard;
  const type = findQrType(draft.type)!;
  const name = draft.content.text.qrName;
  const target = code.status === 'ready' ? payloadText(code.payload) : null;
  // A dynamic code's own short link is made by the server when it is saved: until then its
  // picture holds a stand-in that leads nowhere, which must never be printed.
  const sample = hasSampleLink(draft);
  return (
    <>
      <section className="qr-demo__intro" aria-label="Your code">
        <div className="qr-demo__draft">
          <p>
            Your {type.label} code{name ? ` “${name}”` : ''} and its design are kept as a draft on
            this device.
          </p>
          <p>
            <Link to={paths.qrContent}>Edit content</Link> ·{' '}
            <Link to={paths.qrDesign}>Edit design</Link>
          </p>
        </div>
        <figure className="qr-demo__code">
          <CodePicture
            state={code}
            label={code.status === 'ready' ? codeLabel(code.text) : 'Your QR code'}
            transparent={draft.design.transparentBackground}
          />
          {code.status === 'ready' && sample ? (
            <figcaption>
              A sample: its short link is made when you save the code, and{' '}
              {target !== null ? (
                <>
                  leads to <span className="qr-demo__target">{target}</span>
                </>
              ) : (
                'shows your file'
              )}
            </figcaption>
          ) : code.status === 'ready' && isWebAddress(code.text) ? (
            <figcaption>
              Scanning it opens <span className="qr-demo__target">{code.text}</span>
            </figcaption>
          ) : null}
        </figure>
        {target !== null || mustBeDynamic(draft.type) ? (
          <DynamicChoice wizard={wizard} target={target} />
        ) : null}
        {code.status === 'ready' ? <ScanStatus check={check} headingLevel={2} /> : null}
      </section>
      <section className="qr-demo__get panel" aria-labelledby="qr-demo-get-title">
        <h2 id="qr-demo-get-title">Get your code</h2>
        {code.status === 'ready' && sample ? (
          <>
            <SaveToAccount wizard={wizard} />
            <p className="qr-demo__sample-note" role="note">
              To download or email a dynamic code, save it first: its picture holds its own short
              link, which works once it is saved. My QR Codes then offers the download.
            </p>
          </>
        ) : code.status === 'ready' ? (
          <ReadyCode wizard={wizard} name={name}>
            <SaveToAccount wizard={wizard} />
            <DownloadPanel
              code={code.code}
              name={name}
              verdict={check.verdict}
              checking={check.checking}
            />
          </ReadyCode>
        ) : (
          <NoCode state={code} />
        )}
      </section>
    </>
  );
}
