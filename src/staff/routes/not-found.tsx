/** Any other path under `/staff`: the inbox's own 404 page, inside its frame. */
import { data } from 'react-router';

export function loader(): never {
  throw data('Not found', { status: 404 });
}

export { StaffError as ErrorBoundary } from '../layout.tsx';
