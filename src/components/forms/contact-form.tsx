/** STUB (contact-form helper replaces): the contact form (spec §6). */
export interface ContactFormProps {
  /** 'light' on the home page's white section, 'dark' on the black contact page. */
  theme: 'light' | 'dark';
  /** Which copy of the form: decides its ids and where the no-JS confirmation lands. */
  placement: 'home' | 'contact';
}

export function ContactForm({ placement }: ContactFormProps) {
  return <form method="post" id={placement === 'home' ? 'home-contact-form' : 'contact-form'} />;
}
