import { PolicyPlaceholder } from './policy-placeholder';

export default function TermsPage() {
  return (
    <PolicyPlaceholder
      title="Terms and Conditions"
      topic="terms and conditions"
      question="working with us"
    />
  );
}
