import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { company } from '../../config/company';
import './marketing.css';

/** The policy pages until the company publishes its documents. */
interface PolicyPlaceholderProps {
  title: string;
  topic: string;
  question: string;
}

export function PolicyPlaceholder({ title, topic, question }: PolicyPlaceholderProps) {
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      <div className="panel">
        <p>Our full {topic} is being finalised and the details will be published here soon.</p>
        <p>
          Until then, if you have any question about {question},{' '}
          <Link to={paths.contact}>contact us</Link> or email{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>.
        </p>
      </div>
    </div>
  );
}
