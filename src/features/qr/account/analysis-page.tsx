import { StatsAnalysis } from '../stats/stats-analysis';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';

export default function AnalysisPage() {
  return (
    <AccountInfoPage page={accountPages.analysis}>
      <StatsAnalysis />
    </AccountInfoPage>
  );
}
