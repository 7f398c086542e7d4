#!/usr/bin/env node
/**
 * Operate the enquiry store. Uses the same store modules as the server (loaded
 * from src/ with Node's type stripping) and the same env (DATA_DIR or DATABASE_URL).
 *
 *   npm run enquiries -- list [--spam] [--limit N]       newest first; spam hidden unless --spam
 *   npm run enquiries -- export --format csv|json [--spam]   to stdout (RFC 4180 CSV)
 *   npm run enquiries -- erase --email ADDRESS           right to erasure: rows + outbox rows
 *   npm run enquiries -- purge --older-than 365d         retention (days)
 *   npm run enquiries -- retry                           re-queue failed notifications now
 *
 * Exit codes: 0 ok, 2 bad arguments (message on stderr), 1 store error.
 */
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run enquiries -- <command> [options]
  list [--spam] [--limit N]
  export --format csv|json [--spam]
  erase --email ADDRESS
  purge --older-than <days>d      (e.g. 365d)
  retry`;

class UsageError extends Error {}

type OptionSpecs = Record<string, { type: 'boolean' | 'string' }>;
type Values = Record<string, string | boolean | undefined>;

function parse(argv: string[]): { command: string; values: Values } {
  const [command, ...rest] = argv;
  const specs: Record<string, OptionSpecs> = {
    list: { spam: { type: 'boolean' }, limit: { type: 'string' } },
    export: { format: { type: 'string' }, spam: { type: 'boolean' } },
    erase: { email: { type: 'string' } },
    purge: { 'older-than': { type: 'string' } },
    retry: {},
  };
  if (!command) throw new UsageError('No command given.');
  if (!Object.hasOwn(specs, command)) throw new UsageError(`Unknown command "${command}".`);
  let values: Values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: specs[command] ?? {},
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  if (
    command === 'list' &&
    values['limit'] !== undefined &&
    !/^[1-9]\d*$/.test(String(values['limit']))
  ) {
    throw new UsageError('--limit takes a positive whole number, e.g. --limit 20.');
  }
  if (command === 'export' && values['format'] !== 'csv' && values['format'] !== 'json') {
    throw new UsageError('export needs --format csv or --format json.');
  }
  if (command === 'erase' && !/^[^\s@]+@[^\s@]+$/.test(String(values['email'] ?? ''))) {
    throw new UsageError('erase needs --email with an address, e.g. --email name@example.com.');
  }
  if (command === 'purge' && !/^[1-9]\d*d$/.test(String(values['older-than'] ?? ''))) {
    throw new UsageError('purge needs --older-than with a number of days, e.g. --older-than 365d.');
  }
  return { command, values };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`enquiries: ${e.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    throw e;
  }
  const { createRuntime } = await import('../src/lib/enquiries/runtime.ts');
  const { createLogger } = await import('../src/lib/enquiries/logger.ts');
  const { toCsv, toJson } = await import('../src/lib/enquiries/export.ts');
  const rt = createRuntime({ worker: false, logger: createLogger('silent') });
  try {
    await rt.ready;
    const { store } = rt;
    const { command, values } = args;
    if (command === 'list') {
      const rows = await store.list({
        includeSpam: Boolean(values['spam']),
        ...(values['limit'] ? { limit: Number(values['limit']) } : {}),
      });
      if (rows.length === 0) process.stdout.write('No enquiries.\n');
      for (const r of rows) {
        const flag = r.spam === 'ham' ? '' : `  [spam: ${r.spam}]`;
        process.stdout.write(
          `${new Date(r.receivedAt).toISOString()}  ${r.id}  ${r.name} <${r.email}>  ${JSON.stringify(r.subject)}  notification: ${r.notification}${flag}\n`,
        );
      }
    } else if (command === 'export') {
      const rows = await store.list({ includeSpam: Boolean(values['spam']) });
      process.stdout.write(values['format'] === 'csv' ? toCsv(rows) : toJson(rows));
    } else if (command === 'erase') {
      const n = await store.eraseByEmail(String(values['email']));
      process.stdout.write(
        `Erased ${n} submission(s) for ${String(values['email'])} and their notifications.\n`,
      );
    } else if (command === 'purge') {
      const days = Number(String(values['older-than']).slice(0, -1));
      const n = await store.purgeOlderThan(Date.now() - days * 86_400_000);
      process.stdout.write(`Purged ${n} submission(s) older than ${days} days.\n`);
    } else if (command === 'retry') {
      const n = await store.retryFailed(Date.now());
      process.stdout.write(`Re-queued ${n} notification(s); a running server delivers them now.\n`);
    }
  } catch (e) {
    process.stderr.write(`enquiries: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  } finally {
    await rt.close();
  }
}

await main();
