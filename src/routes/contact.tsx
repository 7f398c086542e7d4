/**
 * Contact (docs/product.md#contact-page): the black page with the studio's details, the contact form
 * (its action is this route's) and "How we handle your enquiry" at `#privacy`.
 */
import { ContactSection } from '../components/sections/contact.tsx';
import pageCopy from '../content/sections.yaml?page=contact';
import { sectionsOf } from '../components/ui/section.tsx';
import { staticParts } from '../components/ui/static-content.tsx';

const section = sectionsOf(pageCopy);

const parts = staticParts(() => import('./static/contact.tsx'));
const Privacy = parts.part('Privacy');

/** Loads the static parts before a client-side navigation renders the page (decision 015). */
export const preloadStaticParts = parts.preload;

export function Component() {
  return (
    <>
      <ContactSection
        id="contact"
        copy={section('contact-intro')}
        details={section('contact-details')}
        theme="dark"
      />
      <Privacy />
    </>
  );
}

export { enquiryAction as action } from './enquiry-action.ts';
export const handle = { tone: 'dark' };
