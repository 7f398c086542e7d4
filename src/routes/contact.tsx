/**
 * Contact (docs/product.md#contact-page): the black page with the studio's details, the contact form
 * (its action is this route's) and "How we handle your enquiry" at `#privacy`.
 */
import { ContactSection, PrivacySection } from '../components/sections/contact.tsx';
import { PageMeta } from '../components/seo/page-meta.tsx';
import privacy from '../content/privacy.yaml';
import { section } from '../content/sections.ts';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="contact" />
      <ContactSection
        id="contact"
        copy={section('contact-intro')}
        details={section('contact-details')}
        theme="dark"
      />
      <HydrationBoundary>
        <PrivacySection notice={privacy} />
      </HydrationBoundary>
    </>
  );
}

export { enquiryAction as action } from './enquiry-action.ts';
export const handle = { tone: 'dark' };
