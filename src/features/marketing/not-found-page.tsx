import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import './marketing.css';

export default function NotFoundPage() {
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found. Error code: 404</h1>
      <p className="lead">
        The page you were looking for does not exist or has moved. If this keeps happening, please{' '}
        <Link to={paths.contact}>get in touch</Link> and let us know.
      </p>
      <Link to={paths.home} className="button">
        Take me home!
      </Link>
    </div>
  );
}
