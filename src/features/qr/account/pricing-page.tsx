import { TRIAL_DAYS } from '../../../domain/billing';
import { plans } from '../../../domain/pricing';
import { FaqAccordion } from './faq-accordion';
import { PlanCard } from './plan-card';
import { pricingFaq } from './pricing-faq';
import './account.css';

export default function PricingPage() {
  return (
    <div className="page pricing">
      <header>
        <h1>QR Pricing</h1>
        <p className="lead">
          Every plan includes the same features. Pay month by month, or pay ahead for 6 months or a
          year and pay less each month. Prices are in South African rand. New accounts start with a
          free trial of {TRIAL_DAYS} days.
        </p>
        <p className="pricing__promise">
          <strong>Your printed codes never stop working.</strong> If a trial or plan ends, dynamic
          codes keep redirecting and their pages stay up; only new dynamic codes and changes wait
          for a plan.
        </p>
      </header>
      <div className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <section className="pricing-faq" aria-labelledby="pricing-faq-title">
        <h2 id="pricing-faq-title">Questions about the plans</h2>
        <FaqAccordion entries={pricingFaq} />
      </section>
    </div>
  );
}
