import { PolicyPlaceholder } from './policy-placeholder';

export default function PrivacyPage() {
  return (
    <PolicyPlaceholder
      title="Privacy Policy"
      topic="privacy policy"
      question="how we handle your information"
    />
  );
}
