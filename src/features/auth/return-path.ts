import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Where to go after signing in: the guarded page that sent the visitor here, else home. */
export function useReturnPath(): string {
  const { state } = useLocation() as { state: { from?: unknown } | null };
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : paths.home;
}
