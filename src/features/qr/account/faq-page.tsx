import { useId } from 'react';
import { accountPages } from './account-area';
import { AccountInfoPage } from './account-layout';
import { FaqAccordion } from './faq-accordion';
import { helpFaq, type FaqTopic } from './help-faq';
import './account.css';

export default function FaqPage() {
  return (
    <AccountInfoPage page={accountPages.faq}>
      {helpFaq.map((topic) => (
        <Topic key={topic.title} topic={topic} />
      ))}
    </AccountInfoPage>
  );
}

function Topic({ topic }: { topic: FaqTopic }) {
  const titleId = useId();
  return (
    <section className="pricing-faq" aria-labelledby={titleId}>
      <h2 id={titleId}>{topic.title}</h2>
      <FaqAccordion entries={topic.entries} />
    </section>
  );
}
