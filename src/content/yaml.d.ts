/** Types of the modules `scripts/lib/content-plugin.ts` makes of the YAML files. */
declare module '*/pages.yaml' {
  const data: import('./collections.ts').ContentOf<'pages.yaml'>;
  export default data;
}
declare module '*/sections.yaml' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=home' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=about' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=expertise' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=showcase' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=contact' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=not-found' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/sections.yaml?page=footer' {
  const data: import('./collections.ts').ContentOf<'sections.yaml'>;
  export default data;
}
declare module '*/testimonials.yaml' {
  const data: import('./collections.ts').ContentOf<'testimonials.yaml'>;
  export default data;
}
declare module '*/awards.yaml' {
  const data: import('./collections.ts').ContentOf<'awards.yaml'>;
  export default data;
}
declare module '*/team.yaml' {
  const data: import('./collections.ts').ContentOf<'team.yaml'>;
  export default data;
}
declare module '*/founder.yaml' {
  const data: import('./collections.ts').ContentOf<'founder.yaml'>;
  export default data;
}
declare module '*/services.yaml' {
  const data: import('./collections.ts').ContentOf<'services.yaml'>;
  export default data;
}
declare module '*/showcase.yaml' {
  const data: import('./collections.ts').ContentOf<'showcase.yaml'>;
  export default data;
}
declare module '*/stats.yaml' {
  const data: import('./collections.ts').ContentOf<'stats.yaml'>;
  export default data;
}
declare module '*/network.yaml' {
  const data: import('./collections.ts').ContentOf<'network.yaml'>;
  export default data;
}
declare module '*/quotes.yaml' {
  const data: import('./collections.ts').ContentOf<'quotes.yaml'>;
  export default data;
}
declare module '*/stories.yaml' {
  const data: import('./collections.ts').ContentOf<'stories.yaml'>;
  export default data;
}
declare module '*/privacy.yaml' {
  const data: import('./collections.ts').ContentOf<'privacy.yaml'>;
  export default data;
}
