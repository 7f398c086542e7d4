/** Contact (docs/product.md#contact-page); its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { PrivacySection } from '../components/sections/privacy.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import privacy from '../content/privacy.yaml';
import pageCopy from '../content/sections.yaml?page=contact';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

export default function Page() {
  return (
    <>
      <ContactSection
        id="contact"
        copy={section('contact-intro')}
        details={section('contact-details')}
        theme="dark"
      />
      <PrivacySection notice={privacy} />
    </>
  );
}

export const handle = { tone: 'dark' };

export const meta = pageMeta('contact');
export {
  enquiryAction as action,
  enquiryClientAction as clientAction,
  enquiryHeaders as headers,
} from './enquiry-action.ts';
