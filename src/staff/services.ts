/**
 * What the staff app's loaders and actions need, through the router's request context
 * (docs/decisions/003-server-services-through-router-context.md): in-process on the server
 * (`src/server/staff/services.ts`), posts to `/staff/api/rpc/<method>` in the browser (`rpc.ts`).
 * Every method but `session` and `invite` requires a signed-in session, else sign-in (RPC: 401).
 */
import { createContext } from 'react-router';
import type {
  DeliveryHealth,
  EnquiryStatus,
  ExportFormat,
  InboxEnquiry,
  InboxPage,
  InboxQuery,
  InboxRow,
} from '../server/inbox/types.ts';

export type {
  DeliveryHealth,
  EnquiryStatus,
  ExportFormat,
  InboxEnquiry,
  InboxPage,
  InboxQuery,
  InboxRow,
};

/** The signed-in member of staff, as pages show them. */
export interface StaffIdentity {
  id: string;
  name: string;
  email: string;
}

/** The request's session as the app sees it. */
export interface StaffSession {
  staff: StaffIdentity | null;
  /** The per-session token every form carries (null when not signed in). */
  csrfToken: string | null;
  /** True when the request presented a session that ran out (idle or absolute timeout). */
  expired: boolean;
}

/** One of the signed-in account's passkeys. */
export interface PasskeyView {
  /** The credential ID (base64url). */
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** What an invite link's page shows: who it is for, or why it cannot be used. */
export type InviteView =
  | { kind: 'valid'; name: string; email: string; expiresAt: number }
  | { kind: 'unknown' | 'expired' | 'used' | 'disabled' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

/** A file to download (the export). */
export interface Download {
  body: string;
  contentType: string;
  filename: string;
}

/** The server's or the browser's implementations; see the module comment. */
export interface StaffServices {
  session: () => Promise<StaffSession>;
  /** Judges an invite link's token (counted against the client's invite limit). */
  invite: (token: string | null) => Promise<InviteView>;
  list: (query: InboxQuery) => Promise<InboxPage>;
  /** One enquiry in full; recorded in the audit log as viewed. */
  get: (id: string) => Promise<InboxEnquiry | null>;
  setHandled: (id: string, handled: boolean) => Promise<'ok' | 'not-found' | 'invalid'>;
  release: (id: string) => Promise<'released' | 'not-held' | 'not-found'>;
  markSpam: (id: string) => Promise<'ok' | 'already' | 'not-found' | 'invalid'>;
  /** How many stored enquiries carry this address (case-insensitive); null when unknown. */
  erasePreview: (email: string) => Promise<number | null>;
  /** Erases everything about the address; returns how many enquiries. */
  erase: (email: string) => Promise<number>;
  health: () => Promise<DeliveryHealth>;
  passkeys: () => Promise<PasskeyView[]>;
  revokePasskey: (id: string) => Promise<'ok' | 'last' | 'not-found'>;
  /** Ends this session (the cookie is cleared). */
  signOut: () => Promise<void>;
  /** Ends every session of the account, this one included; returns how many. */
  signOutEverywhere: () => Promise<number>;
  /** Server only: the browser downloads the export through a plain form post. */
  exportFile: (format: ExportFormat, query: Pick<InboxQuery, 'status' | 'q'>) => Promise<Download>;
}

/** The methods the browser may call over `/staff/api/rpc/<method>`. */
export const RPC_METHODS = [
  'session',
  'invite',
  'list',
  'get',
  'setHandled',
  'release',
  'markSpam',
  'erasePreview',
  'erase',
  'health',
  'passkeys',
  'revokePasskey',
  'signOut',
  'signOutEverywhere',
] as const satisfies ReadonlyArray<keyof StaffServices>;

export type RpcMethod = (typeof RPC_METHODS)[number];

/** The request-context key under which each entry provides its {@link StaffServices}. */
export const staffServicesContext = createContext<StaffServices>();
