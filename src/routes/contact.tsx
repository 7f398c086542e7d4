/** Contact (docs/product.md#contact-page); its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { PrivacySection } from '../components/sections/privacy.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageMeta } from '../lib/seo/page-head.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData } from '../react/site-content.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const content = context.get(siteContext).content;
  return {
    page: content.entry('pages.yaml', 'contact'),
    copy: content.sections('contact'),
    privacy: content.one('privacy.yaml'),
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { copy, privacy } = useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
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
