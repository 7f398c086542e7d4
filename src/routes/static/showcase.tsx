/**
 * The showcase page's static part (decision 015): every category with its projects.
 * `src/routes/showcase.tsx` draws it through `staticParts`.
 */
import { ShowcaseDetails } from '../../components/sections/showcase.tsx';
import { byOrder } from '../../components/sections/shared.tsx';
import showcase from '../../content/showcase.yaml';

export function Categories() {
  return <ShowcaseDetails categories={byOrder(showcase)} />;
}
