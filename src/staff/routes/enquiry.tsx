/**
 * `/staff/enquiries/:id`: one enquiry in full and its actions, each a plain form post answered
 * with a 303 back here (`?done=`). What the visitor typed is shown as text, with `dir="auto"`.
 */
import { ArrowLeft as arrowLeft } from 'lucide';
import type { ReactNode } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import type { InboxEnquiry, InboxService } from '../../server/inbox/types.ts';
import type { AuditAction } from '../../server/staff/audit.ts';
import { CHANNEL_NAMES, DeliveryState, StatusBadge } from '../components/status.tsx';
import { buttonClass, Notice, PageHeading, RecordTable, Section } from '../components/ui.tsx';
import { formatDateTime, isoTime } from '../format.ts';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { record, staffRequest } from '../session.server.ts';
import type { EnquiryOrigin } from '../../server/statistics/store.ts';
import { pageLabel } from '../statistics.ts';
import type { Route } from './+types/enquiry.ts';

const DONE = {
  handled: 'Marked handled.',
  reopened: 'Reopened: it is new again.',
  released: 'Released: it is being delivered to every channel, once.',
  spam: 'Marked as spam: it is held, and deliveries not yet made are cancelled.',
} as const;
type Done = keyof typeof DONE;

const INTENTS = {
  handled: { run: (i, id) => i.setHandled(id, true), audit: 'enquiry-handled', done: 'handled' },
  reopen: { run: (i, id) => i.setHandled(id, false), audit: 'enquiry-reopened', done: 'reopened' },
  release: { run: (i, id) => i.release(id), audit: 'enquiry-released', done: 'released' },
  spam: { run: (i, id) => i.markSpam(id), audit: 'enquiry-marked-spam', done: 'spam' },
} as const satisfies Record<
  string,
  { run: (inbox: InboxService, id: string) => Promise<string>; audit: AuditAction; done: Done }
>;
type Intent = keyof typeof INTENTS;

const REFUSED: Record<string, string> = {
  'not-found': 'This enquiry no longer exists.',
  invalid: 'That cannot be done in the enquiry’s current status; the page shows its status now.',
  'not-held': 'It is not held any more, so there is nothing to release.',
  already: 'It is already held as spam.',
};

/** Opening an enquiry is audited (docs/decisions/027-passkeys-and-staff-sessions.md). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { server } = staffRequest(context);
  const enquiry = await server.inbox.get(params.id);
  if (!enquiry) throw data('Not found', { status: 404 });
  await record(context, 'enquiry-viewed', params.id);
  const done = url.searchParams.get('done');
  const origin = (await server.statistics?.originOf(params.id)) ?? null;
  return { enquiry, origin, done: done && Object.hasOwn(DONE, done) ? (done as Done) : null };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const intent = (await request.formData()).get('intent');
  if (typeof intent !== 'string' || !Object.hasOwn(INTENTS, intent)) {
    return data({ refused: 'Choose an action.' }, { status: 400 });
  }
  const { run, audit, done } = INTENTS[intent as Intent];
  const result = await run(staffRequest(context).server.inbox, params.id);
  if (result === 'ok' || result === 'released') {
    await record(context, audit, params.id);
    return redirect(`${STAFF_BASE}/enquiries/${encodeURIComponent(params.id)}?done=${done}`, 303);
  }
  return data(
    { refused: REFUSED[result] ?? 'That could not be done.' },
    { status: result === 'not-found' ? 404 : 409 },
  );
}

const HINT: Record<Exclude<InboxEnquiry['status'], 'erased'>, string> = {
  new: 'Mark it handled once someone has replied.',
  handled: 'Reopen it if it needs an answer again.',
  held: 'Not a bot after all? Releasing delivers it to every channel (e-mail and any chat or webhook), once.',
  released:
    'Released and delivered like any other enquiry. Mark it handled once someone has replied.',
};

/** The one primary action first. */
function Actions({ enquiry }: { enquiry: InboxEnquiry }) {
  const button = (intent: Intent, label: string, primary: boolean) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={buttonClass(primary ? 'primary' : 'secondary')}
    >
      {label}
    </button>
  );
  const { status } = enquiry;
  if (status === 'erased') return null;
  return (
    <Form method="post" className="flex flex-wrap gap-3">
      {status === 'new' || status === 'released' ? button('handled', 'Mark handled', true) : null}
      {status === 'handled' ? button('reopen', 'Reopen', true) : null}
      {status === 'held' ? button('release', 'Release and deliver', true) : null}
      {status !== 'held' ? button('spam', 'Mark as spam', false) : null}
      <p className="basis-full text-sm text-stone-700">{HINT[status]}</p>
    </Form>
  );
}

const SPAM_REASON: Record<NonNullable<InboxEnquiry['spamReason']>, string> = {
  honeypot: 'the hidden honeypot field was filled in (usually a bot)',
  'too-fast': 'it was sent faster than a person fills the form',
  'bad-token': 'its form timing token was forged or from elsewhere',
  staff: 'a member of staff marked it as spam',
};

function Details({ enquiry }: { enquiry: InboxEnquiry }) {
  const rows: Array<[string, ReactNode]> = [];
  if (enquiry.status !== 'erased') {
    rows.push(
      ['Name', <bdi>{enquiry.name}</bdi>],
      [
        'Email',
        <a href={`mailto:${enquiry.email}`} className="break-all underline underline-offset-4">
          <bdi>{enquiry.email}</bdi>
        </a>,
      ],
    );
  }
  if (enquiry.spamReason) rows.push(['Held because', SPAM_REASON[enquiry.spamReason]]);
  if (enquiry.releasedAt !== null)
    rows.push([
      'Released',
      <time dateTime={isoTime(enquiry.releasedAt)}>{formatDateTime(enquiry.releasedAt)}</time>,
    ]);
  if (enquiry.handledAt !== null)
    rows.push([
      'Handled',
      <time dateTime={isoTime(enquiry.handledAt)}>{formatDateTime(enquiry.handledAt)}</time>,
    ]);
  if (enquiry.status !== 'erased') {
    rows.push(
      ['Browser', <span className="break-words text-stone-700">{enquiry.userAgent || '—'}</span>],
      ['Privacy notice', `version ${enquiry.privacyNoticeVersion}`],
    );
  }
  return <Facts rows={rows} termWidth="narrow" />;
}

/** Terms beside their values, stacked on a phone. */
function Facts({
  rows,
  termWidth,
}: {
  rows: ReadonlyArray<[string, ReactNode]>;
  termWidth: 'narrow' | 'wide';
}) {
  const columns = termWidth === 'narrow' ? 'sm:grid-cols-[10rem_1fr]' : 'sm:grid-cols-[14rem_1fr]';
  return (
    <dl className={`grid grid-cols-1 gap-x-6 gap-y-3 text-sm ${columns}`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-stone-700">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The visit the enquiry came from (`src/server/statistics/store.ts`), as text. */
function Origin({ origin }: { origin: EnquiryOrigin | null }) {
  if (!origin) {
    return (
      <p className="max-w-prose text-sm text-stone-700">
        Not known: the sender’s browser asked not to be counted (Global Privacy Control), or no page
        view of theirs was counted before they wrote.
      </p>
    );
  }
  const rows: Array<[string, ReactNode]> = [
    ['Source', <bdi>{origin.source}</bdi>],
    ['Campaign', origin.utmCampaign ? <bdi>{origin.utmCampaign}</bdi> : '—'],
    ['Entry page', pageLabel(origin.entryRoute, origin.entryItem)],
    ['Form sent from', pageLabel(origin.formRoute, '')],
    ['Pages viewed before writing', String(origin.viewsBefore)],
  ];
  return <Facts rows={rows} termWidth="wide" />;
}

function Deliveries({ enquiry }: { enquiry: InboxEnquiry }) {
  if (enquiry.deliveries.length === 0) {
    return (
      <p className="text-sm text-stone-700">
        {enquiry.status === 'held'
          ? 'Nothing is delivered while it is held.'
          : 'No channel has a delivery for it.'}
      </p>
    );
  }
  return (
    <RecordTable
      heads={['Channel', 'State', 'Attempts', 'Detail']}
      rows={enquiry.deliveries}
      rowKey={(d) => d.channel}
      className="max-w-3xl"
    >
      {(d) => (
        <>
          <th scope="row" className="py-2 pr-4 text-left font-semibold">
            {CHANNEL_NAMES[d.channel]}
          </th>
          <td className="py-2 pr-4">
            <DeliveryState state={d.state} />
          </td>
          <td className="py-2 pr-4">{d.attempts}</td>
          <td className="py-2 break-words text-stone-700">
            {d.deliveredAt !== null ? (
              <>
                Delivered{' '}
                <time dateTime={isoTime(d.deliveredAt)}>{formatDateTime(d.deliveredAt)}</time>
              </>
            ) : (
              (d.lastError ?? '—')
            )}
          </td>
        </>
      )}
    </RecordTable>
  );
}

export default function Enquiry({ loaderData, actionData: refused }: Route.ComponentProps) {
  const { enquiry, origin, done } = loaderData;
  const erased = enquiry.status === 'erased';
  return (
    <article>
      <p className="mb-4 text-sm">
        <Link
          to={STAFF_BASE}
          className="inline-flex min-h-11 items-center gap-1 underline underline-offset-4"
        >
          <Icon icon={arrowLeft} size={16} />
          Inbox
        </Link>
      </p>
      <PageHeading title={erased ? 'Erased enquiry' : enquiry.subject || '(no subject)'}>
        <StatusBadge status={enquiry.status} />
        <span className="text-sm text-stone-700">
          Received{' '}
          <time dateTime={isoTime(enquiry.receivedAt)}>{formatDateTime(enquiry.receivedAt)}</time>
          {erased ? null : (
            <>
              {' '}
              from <bdi className="font-semibold text-ink">{enquiry.name}</bdi>
            </>
          )}
        </span>
      </PageHeading>
      {done ? <Notice tone="status">{DONE[done]}</Notice> : null}
      {refused ? <Notice tone="alert">{refused.refused}</Notice> : null}
      <Actions enquiry={enquiry} />
      {!erased ? (
        <Section title="Message" id="message">
          <p
            dir="auto"
            className="max-w-prose rounded-md border border-stone-200 bg-stone-50 p-4 break-words whitespace-pre-wrap"
          >
            {enquiry.message}
          </p>
        </Section>
      ) : (
        <p className="mt-6 max-w-prose">
          Everything about the person who sent this was erased; only when it arrived remains.
        </p>
      )}
      <Section title="Details" id="details">
        <Details enquiry={enquiry} />
      </Section>
      {!erased ? (
        <Section title="How they found us" id="origin">
          <Origin origin={origin} />
        </Section>
      ) : null}
      <Section title="Deliveries" id="deliveries">
        <Deliveries enquiry={enquiry} />
      </Section>
      {!erased ? (
        <Section title="Erase" id="erase">
          <p className="mb-3 max-w-prose text-sm text-stone-700">
            When this person asks for their data to be erased, review what will be lost first.
          </p>
          <Form method="post" action={`${STAFF_BASE}/erase`}>
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="email" value={enquiry.email} />
            <button type="submit" className={buttonClass('secondary')}>
              Erase everything from this address…
            </button>
          </Form>
        </Section>
      ) : null}
    </article>
  );
}
