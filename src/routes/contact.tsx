/** Contact (docs/product.md#contact-page); its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { PrivacySection } from '../components/sections/privacy.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import privacy from '../content/privacy.yaml';
import pageCopy from '../content/sections.yaml?page=contact';

const section = sectionsOf(pageCopy);

export function Component() {
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

export { enquiryAction as action } from './enquiry-action.ts';
export const handle = { tone: 'dark' };
