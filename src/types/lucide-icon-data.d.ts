/**
 * Types of `lucide-react/icons/<name>` as this project imports it: the icon's data. The package's
 * own declaration for that path names only the default export (the component), though every
 * module also exports `__iconData`; `tsconfig.json` maps the path here. See
 * `src/components/ui/icon.tsx`.
 */
import type { LucideIconData } from 'lucide-react';

export declare const __iconData: LucideIconData;
