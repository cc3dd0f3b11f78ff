// The PC dashboard: a customer of custom PC builds asks for one (what it is for, a budget, what it
// must have, a gallery build it should be like), and follows their builds step by step. A request
// made offline waits on the device and goes once the connection is back (build-outbox.ts); the
// builds are read live from Firestore and kept on the device, so they show offline once opened.
import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { galleryImages } from '../../config/gallery';
import { buildNumberFromPath } from '../../domain/gallery';
import { formatCents } from '../../domain/money';
import {
  budgetCents,
  buildPurposeIds,
  buildPurposes,
  buildRequestFields,
  type BuildPurpose,
} from '../../domain/pc-builds';
import { useAuth } from '../../lib/auth/session';
import { ChoiceGroup } from '../../lib/ui/choice-group';
import { Field, FormAlert, SelectField, StatusMessage, TextAreaField } from '../../lib/ui/field';
import {
  onBuildOutboxChange,
  removeBuildRequest,
  requestBuild,
  startBuildDelivery,
  waitingBuilds,
  type BuildAsk,
  type BuildEntry,
} from './build-outbox';
import { BuildCard } from './build-card';
import { useBuilds } from './use-builds';
import './pc-dashboard.css';

/** The gallery's builds, by the number their photo carries. */
const galleryBuilds = galleryImages.flatMap((image) => {
  const number = buildNumberFromPath(image.src);
  return number === '?' ? [] : [{ number, image }];
});

const purposeChoices = buildPurposeIds.map((id) => ({ id, label: buildPurposes[id].label }));

const emptyAsk: BuildAsk = { purpose: 'gaming', budget: '', mustHaves: '', likeBuild: '' };

type Errors = Partial<Record<keyof BuildAsk, string>>;

const QUEUED =
  'You are offline: your request is kept on this device and goes by itself once you are back online.';
const SENT_LATER = 'Your request has reached us: it is listed under Your builds.';

/** What is wrong with `ask`, field by field, by the rule the server checks it with. */
function errorsOf(ask: BuildAsk): Errors {
  const checked = v.safeParse(v.object(buildRequestFields), {
    ...ask,
    likeBuild: ask.likeBuild ? Number(ask.likeBuild) : null,
  });
  if (checked.success) return {};
  const errors: Errors = {};
  for (const issue of checked.issues) {
    const key = issue.path?.[0]?.key as keyof BuildAsk | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export default function PcDashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page pc">
      <h1>PC Dashboard</h1>
      <p className="pc__intro">
        Ask us for a custom PC, then follow it here from our quote to the day you collect it.
      </p>
      <RequestForm uid={user.uid} email={user.email} />
      <Builds uid={user.uid} />
    </div>
  );
}

function RequestForm({ uid, email }: { uid: string; email: string | null }) {
  const [ask, setAsk] = useState<BuildAsk>(emptyAsk);
  const [errors, setErrors] = useState<Errors>({});
  const [said, setSaid] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState<readonly BuildEntry[]>([]);

  useEffect(() => {
    startBuildDelivery();
    let live = true;
    const load = () =>
      void waitingBuilds(uid).then((entries) => {
        if (!live) return;
        setWaiting(entries);
        // What went by itself is with us now: the note that it waited says so instead.
        if (entries.length === 0) {
          setSaid((before) =>
            before?.text === QUEUED ? { tone: 'info', text: SENT_LATER } : before,
          );
        }
      });
    load();
    const stop = onBuildOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [uid]);

  const change = (field: keyof BuildAsk) => (value: string) => {
    setAsk((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(ask);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSaid({ tone: 'error', text: 'Please check the fields marked below.' });
      return;
    }
    setBusy(true);
    setSaid(null);
    try {
      const sent = await requestBuild(uid, ask);
      if (sent.result === 'refused') {
        setSaid({ tone: 'error', text: sent.message });
        return;
      }
      if (sent.result === 'unkept') {
        setSaid({
          tone: 'error',
          text: 'You are offline, and this browser cannot keep the request. Send it again once you are back online.',
        });
        return;
      }
      setAsk(emptyAsk);
      setSaid({
        tone: 'info',
        text:
          sent.result === 'sent'
            ? `Your request is with us: we will email a quote to ${email ?? 'you'}, usually within two working days.`
            : QUEUED,
      });
    } finally {
      setBusy(false);
    }
  };

  const like = galleryBuilds.find((build) => build.number === ask.likeBuild);
  return (
    <section className="panel pc__request" aria-labelledby="pc-request-title">
      <h2 id="pc-request-title">Request a build</h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="pc__form">
        <ChoiceGroup<BuildPurpose>
          legend="What is it for?"
          name="purpose"
          choices={purposeChoices}
          value={ask.purpose as BuildPurpose}
          onChange={change('purpose')}
          compact
        />
        <p className="pc__hint">{buildPurposes[ask.purpose as BuildPurpose]?.hint}</p>
        <Field
          label="Budget (rand)"
          hint="What you want to spend in all, e.g. 25000 or R25 000."
          inputMode="decimal"
          value={ask.budget}
          error={errors.budget}
          onChange={(event) => change('budget')(event.target.value)}
        />
        <TextAreaField
          label="What it must have"
          hint="Parts, sizes, colours, the games or programs it must run well. Optional."
          rows={4}
          value={ask.mustHaves}
          error={errors.mustHaves}
          onChange={(event) => change('mustHaves')(event.target.value)}
        />
        <SelectField
          label="Like one of our builds"
          hint="Optional: a build from our gallery to start from."
          options={galleryBuilds.map((build) => ({
            value: build.number,
            label: `Build #${build.number}`,
          }))}
          placeholder="None"
          value={ask.likeBuild}
          error={errors.likeBuild}
          onChange={(event) => change('likeBuild')(event.target.value)}
        />
        {like ? (
          <img
            className="pc__like"
            src={like.image.src}
            width={like.image.width}
            height={like.image.height}
            alt={like.image.alt}
          />
        ) : null}
        <StatusMessage message={said?.tone === 'info' ? said.text : null} />
        {said?.tone === 'error' ? <FormAlert>{said.text}</FormAlert> : null}
        <button type="submit" className="button" disabled={busy}>
          Request a quote
        </button>
      </form>
      {waiting.length > 0 ? <Waiting entries={waiting} /> : null}
    </section>
  );
}

/** The requests still on this device: waiting for a connection, or refused for the person. */
function Waiting({ entries }: { entries: readonly BuildEntry[] }) {
  return (
    <div className="pc__waiting">
      <h3>On this device, not sent yet</h3>
      <ul>
        {entries.map((entry) => {
          const field = Object.fromEntries(entry.fields);
          const cents = budgetCents(field.budget ?? '');
          const what = `${buildPurposes[field.purpose as BuildPurpose]?.label ?? 'A build'}${cents ? `, ${formatCents(cents)}` : ''}`;
          return (
            <li key={entry.id}>
              {what}:{' '}
              {entry.refusal ? (
                <>
                  {entry.refusal}{' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => void removeBuildRequest(entry.id)}
                  >
                    Remove<span className="visually-hidden"> this request</span>
                  </button>
                </>
              ) : (
                'goes by itself once you are back online.'
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Builds({ uid }: { uid: string }) {
  const view = useBuilds(uid);
  return (
    <section className="panel pc__builds" aria-labelledby="pc-builds-title">
      <h2 id="pc-builds-title">Your builds</h2>
      {view.status === 'loading' ? <p>Loading your builds…</p> : null}
      {view.status === 'failed' ? <FormAlert>{view.message}</FormAlert> : null}
      {view.status === 'ready' && view.builds.length === 0 ? (
        <p>None yet. Request a build above, and it shows here with each step we take.</p>
      ) : null}
      {view.status === 'ready'
        ? view.builds.map((build) => (
            <BuildCard
              key={build.id}
              build={build}
              order={(build.order && view.orders.get(build.order.id)) ?? null}
            />
          ))
        : null}
    </section>
  );
}
