/**
 * `/staff/delivery`: is every enquiry reaching the agency? The outbox's backlog, how long the
 * oldest undelivered enquiry has waited, and each channel's last failure.
 */
import { CHANNEL_NAMES } from '../components/status.tsx';
import { PageHeading, RecordTable, Section } from '../components/ui.tsx';
import { formatAge, formatDateTime, isoTime } from '../format.ts';
import { staffRequest } from '../session.server.ts';
import type { Route } from './+types/delivery.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { inbox, now } = staffRequest(context).server;
  return { health: await inbox.health(), now: now() };
}

export default function Delivery({ loaderData }: Route.ComponentProps) {
  const { health, now } = loaderData;
  const waiting = health.backlog;
  return (
    <>
      <PageHeading
        title="Delivery"
        lede="Every enquiry goes to each configured channel through the outbox, retried until it arrives."
      />
      <dl className="grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="rounded-md border border-stone-200 p-4">
          <dt className="text-sm text-stone-700">Waiting to be delivered</dt>
          <dd className="mt-1 font-display text-3xl">{waiting}</dd>
        </div>
        <div className="rounded-md border border-stone-200 p-4">
          <dt className="text-sm text-stone-700">Oldest enquiry still waiting</dt>
          <dd className="mt-1 font-display text-3xl">
            {health.oldestUndeliveredAt === null ? (
              'None'
            ) : (
              <>
                {formatAge(now - health.oldestUndeliveredAt)}
                <span className="block font-sans text-sm text-stone-700">
                  received{' '}
                  <time dateTime={isoTime(health.oldestUndeliveredAt)}>
                    {formatDateTime(health.oldestUndeliveredAt)}
                  </time>
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <Section title="Channels" id="channels">
        <RecordTable
          heads={['Channel', 'Waiting', 'Last failure']}
          rows={health.channels}
          rowKey={(c) => c.channel}
          className="max-w-4xl"
        >
          {(c) => (
            <>
              <th scope="row" className="py-3 pr-4 text-left font-semibold">
                {CHANNEL_NAMES[c.channel]}
                {c.configured ? null : (
                  <span className="block font-normal text-stone-700">Not configured</span>
                )}
              </th>
              <td className="py-3 pr-4">{c.configured ? c.backlog : '—'}</td>
              <td className="py-3 break-words text-stone-700">
                {c.lastFailureAt === null ? (
                  'None'
                ) : (
                  <>
                    <time dateTime={isoTime(c.lastFailureAt)}>
                      {formatDateTime(c.lastFailureAt)}
                    </time>
                    {c.lastError ? <span className="block">{c.lastError}</span> : null}
                  </>
                )}
              </td>
            </>
          )}
        </RecordTable>
      </Section>
    </>
  );
}
