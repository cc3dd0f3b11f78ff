// /UserAnalysis: how often the dynamic codes are scanned, from their short links' counts (the
// redirect function counts each scan): the last 30 days of all of them, each code's figures, each
// code in detail with a download of its daily figures, and how the figures are made.
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { codeFigures, lastDays, CHART_DAYS } from '../../../domain/qr/scan-stats';
import { FormAlert } from '../../../lib/ui/field';
import { StatsCodeDetails } from './stats-code-details';
import { StatsCodesTable } from './stats-codes-table';
import { StatsSummary } from './stats-summary';
import { useCodesListing } from '../codes/use-saved-codes';
import './stats-analysis.css';

export function StatsAnalysis() {
  const view = useCodesListing();
  if (view.status === 'loading') return <p role="status">Loading your codes…</p>;
  if (view.status === 'failed') return <FormAlert>{view.message}</FormAlert>;

  const days = lastDays(new Date(), CHART_DAYS);
  const rows = codeFigures(view.codes, view.links, view.counts, days);
  if (rows.length === 0) return <NoDynamicCodes />;
  return (
    <div className="stats-analysis">
      <StatsSummary
        links={rows.map((row) => view.counts.get(row.linkId) ?? new Map())}
        days={days}
      />
      <StatsCodesTable rows={rows} days={days.length} />
      <StatsCodeDetails rows={rows} days={days.length} />
      <HowCounted />
    </div>
  );
}

function NoDynamicCodes() {
  return (
    <section className="panel account-note" aria-labelledby="analysis-empty-title">
      <h2 id="analysis-empty-title">No dynamic codes yet</h2>
      <p>
        Scans are counted for dynamic codes. On a code’s last step, tick “Dynamic code”, then save
        it to My QR Codes: its scans show here.
      </p>
      <Link to={paths.qrType} className="button">
        Create a QR code
      </Link>
    </section>
  );
}

function HowCounted() {
  return (
    <section className="panel stats-method" aria-labelledby="stats-method-title">
      <h2 id="stats-method-title">How these figures are made</h2>
      <p>
        Each time someone opens a dynamic code’s short link, our server counts it under the day and
        hour in South African time. Link previews, crawlers and link checkers are answered but not
        counted. Unique visitors are counted per day with an anonymous code that changes every day,
        so nobody can be followed from one day to the next. The country comes from the internet
        address while the scan is answered, and only the country is counted; a country with fewer
        than five scans of a code in a day is shown as one of the “other places”; no IP address or
        other detail that identifies a person is stored.
      </p>
    </section>
  );
}
