/**
 * The contact page's static part (decision 015): "How we handle your enquiry".
 * `src/routes/contact.tsx` draws it through `staticParts`.
 */
import { PrivacySection } from '../../components/sections/privacy.tsx';
import privacy from '../../content/privacy.yaml';

export function Privacy() {
  return <PrivacySection notice={privacy} />;
}
