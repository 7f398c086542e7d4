#!/usr/bin/env node
/**
 * The operators' CLI on the server's store and configuration (`src/server/env.ts`); each command
 * is one entry of COMMANDS. Exit codes: 0 ok, 1 bad configuration or store error, 2 bad arguments;
 * backup/restore add 3 (database in use), 4 (not a sound SQLite file), 5 (newer schema).
 */
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import type { SubmissionStore } from './store.ts';
import type { StoreEnv } from '../env.ts';
import type { InboxService } from '../inbox/types.ts';
import { checkStaffArgs, STAFF_OPTIONS, STAFF_USAGE } from '../staff/cli.ts';

class UsageError extends Error {}

/** False in the image's bundle (`dist/server/enquiries.js`). */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** https://man7.org/linux/man-pages/man2/setpriority.2.html; needs no privilege. */
const BACKUP_NICENESS = 10;

type OptionSpecs = Record<string, { type: 'boolean' | 'string' }>;
type Values = Record<string, string | boolean | undefined>;

interface BaseContext {
  config: StoreEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

interface Context extends BaseContext {
  store: SubmissionStore;
  inbox: InboxService;
}

interface Command {
  usage: string[];
  options: OptionSpecs;
  positionals?: boolean;
  /** @throws UsageError with the message to print */
  check?: (values: Values, positionals: string[]) => void;
  run?: (ctx: Context, values: Values, positionals: string[]) => Promise<void>;
  /** Instead of `run`, without the store opened (restore must find it closed). */
  runAlone?: (ctx: BaseContext, values: Values) => Promise<void>;
}

const STATUSES = ['new', 'handled', 'held', 'released', 'erased'] as const;
type Status = (typeof STATUSES)[number];

function checkStatus(values: Values): void {
  const s = values['status'];
  if (s !== undefined && !(STATUSES as readonly unknown[]).includes(s)) {
    throw new UsageError(`--status takes one of ${STATUSES.join(', ')}.`);
  }
}

function query(values: Values): { status?: Status; q?: string; includeSpam: boolean } {
  return {
    includeSpam: Boolean(values['spam']),
    ...(typeof values['status'] === 'string' ? { status: values['status'] as Status } : {}),
    ...(typeof values['search'] === 'string' ? { q: values['search'] } : {}),
  };
}

const COMMANDS: Record<string, Command> = {
  list: {
    usage: [
      'list [--spam] [--status new|handled|held|released|erased] [--search TEXT] [--limit N]',
    ],
    options: {
      spam: { type: 'boolean' },
      status: { type: 'string' },
      search: { type: 'string' },
      limit: { type: 'string' },
    },
    check(values) {
      if (values['limit'] !== undefined && !/^[1-9]\d*$/.test(String(values['limit']))) {
        throw new UsageError('--limit takes a positive whole number, e.g. --limit 20.');
      }
      checkStatus(values);
    },
    async run({ store, out }, values) {
      const { searchTerms } = await import('./search.ts');
      const { q, ...rest } = query(values);
      const rows = await store.list({
        ...rest,
        terms: searchTerms(q),
        ...(values['limit'] ? { limit: Number(values['limit']) } : {}),
      });
      if (rows.length === 0) out('No enquiries.\n');
      for (const r of rows) {
        const when = new Date(r.receivedAt).toISOString();
        if (r.status === 'erased') {
          out(`${when}  ${r.id}  erased\n`);
          continue;
        }
        const flag = r.spam === 'ham' ? '' : `  [spam: ${r.spam}]`;
        out(
          `${when}  ${r.id}  ${r.status.padEnd(8)}  ${r.name} <${r.email}>  ${JSON.stringify(r.subject)}  notification: ${r.notification}${flag}\n`,
        );
      }
    },
  },
  export: {
    usage: ['export --format csv|json [--spam] [--status S] [--search TEXT]'],
    options: {
      format: { type: 'string' },
      spam: { type: 'boolean' },
      status: { type: 'string' },
      search: { type: 'string' },
    },
    check(values) {
      if (values['format'] !== 'csv' && values['format'] !== 'json') {
        throw new UsageError('export needs --format csv or --format json.');
      }
      checkStatus(values);
    },
    async run({ store, out }, values) {
      const { exportEnquiries } = await import('./export.ts');
      const format = values['format'] === 'csv' ? 'csv' : 'json';
      out((await exportEnquiries(store, format, query(values), Date.now())).body);
    },
  },
  erase: {
    usage: ['erase --email ADDRESS'],
    options: { email: { type: 'string' } },
    check(values) {
      if (!/^[^\s@]+@[^\s@]+$/.test(String(values['email'] ?? ''))) {
        throw new UsageError('erase needs --email with an address, e.g. --email name@example.com.');
      }
    },
    async run({ inbox, out }, values) {
      const email = String(values['email']);
      const n = await inbox.erase(email);
      out(
        `Erased ${n} submission(s) for ${email} and their notifications; ` +
          'each leaves a tombstone (id, receipt time, status erased).\n',
      );
    },
  },
  purge: {
    usage: ['purge --older-than <days>d      (e.g. 365d)'],
    options: { 'older-than': { type: 'string' } },
    check(values) {
      if (!/^[1-9]\d*d$/.test(String(values['older-than'] ?? ''))) {
        throw new UsageError(
          'purge needs --older-than with a number of days, e.g. --older-than 365d.',
        );
      }
    },
    async run({ store, out }, values) {
      const days = Number(String(values['older-than']).slice(0, -1));
      const n = await store.purgeOlderThan(Date.now() - days * 86_400_000);
      out(`Purged ${n} submission(s) older than ${days} days.\n`);
    },
  },
  retry: {
    usage: ['retry'],
    options: {},
    async run({ store, out }) {
      const n = await store.retryFailed(Date.now());
      out(`Re-queued ${n} notification(s); a running server delivers them now.\n`);
    },
  },
  staff: {
    usage: STAFF_USAGE,
    options: STAFF_OPTIONS,
    positionals: true,
    check(values, positionals) {
      const problem = checkStaffArgs(values, positionals);
      if (problem) throw new UsageError(problem);
    },
    async run({ store, out, err }, values, positionals) {
      // Invite links name the staff origin: the server's whole configuration, with npm start's
      // defaults from sources (docs/decisions/042-operators-commands-take-npm-start-defaults.md).
      const { parseEnv, withLocalDefaults } = await import('../env.ts');
      const env = parseEnv(FROM_SOURCES ? withLocalDefaults(process.env) : process.env);
      if (FROM_SOURCES && !process.env['SITE_URL'] && positionals[0] === 'invite') {
        err(
          `SITE_URL is not set: the link uses ${env.SITE_URL}, as npm start does; for a link ` +
            'others can open, set SITE_URL (and STAFF_PORT/STAFF_URL) as the server has them.\n',
        );
      }
      const { createInboxService } = await import('../inbox/service.ts');
      const { openStaffStore } = await import('../staff/runtime.ts');
      const { runStaffCommand } = await import('../staff/cli.ts');
      const staffStore = openStaffStore(env);
      try {
        // Only queued: the running server's e-mail worker sends them.
        const inbox = createInboxService({
          store,
          channels: ['email'],
          configured: new Set(env.SMTP_URL ? (['email'] as const) : []),
        });
        await runStaffCommand(
          {
            store: staffStore,
            inbox,
            origin: env.STAFF_AREA === 'on' ? env.STAFF_URL : null,
            now: Date.now(),
            out,
          },
          values,
          positionals,
        );
      } finally {
        await staffStore.close();
      }
    },
  },
  backup: {
    usage: [
      'backup --to FILE                 online copy of the SQLite database, checked, atomic',
      'backup --to-dir DIR [--keep N]   the same as DIR/enquiries-<UTC time>.sqlite; keeps the newest N',
    ],
    options: { to: { type: 'string' }, 'to-dir': { type: 'string' }, keep: { type: 'string' } },
    check(values) {
      if ((values['to'] === undefined) === (values['to-dir'] === undefined)) {
        throw new UsageError('backup needs --to FILE or --to-dir DIR (one of them).');
      }
      if (values['keep'] !== undefined) {
        if (values['to-dir'] === undefined) throw new UsageError('--keep goes with --to-dir.');
        if (!/^[1-9]\d*$/.test(String(values['keep']))) {
          throw new UsageError('--keep takes a positive whole number, e.g. --keep 30.');
        }
      }
    },
    async runAlone({ config, out, err }, values) {
      const backups = await import('../backups/sqlite.ts');
      const { recordSqliteBackup } = await import('../backups/last-backup.ts');
      if (config.DATABASE_URL) {
        throw new backups.BackupError(
          'DATABASE_URL is set: PostgreSQL is backed up with pg_dump -Fc, as "Backups and restore" in docs/operations/backups.md shows',
          2,
        );
      }
      const database = backups.databaseFile(config.DATA_DIR);
      if (!existsSync(database)) {
        throw new backups.BackupError(`there is no database at ${database}`, 1);
      }
      const { openStore } = await import('./runtime.ts');
      const store = openStore(config);
      try {
        await store.migrate();
      } finally {
        await store.close();
      }
      // The integrity check reads every page: the server's requests come first.
      setPriority(BACKUP_NICENESS);
      const dir = typeof values['to-dir'] === 'string' ? values['to-dir'] : undefined;
      const target = dir ? backups.datedBackup(dir, new Date()) : String(values['to']);
      const summary = await backups.backupSqlite(database, target, {
        progress: (percent, copied, total) =>
          err(`backup: ${percent} % (${copied} of ${total} pages)\n`),
      });
      recordSqliteBackup(database, {
        finishedAt: Date.now(),
        bytes: summary.bytes,
        durationMs: summary.durationMs,
        file: summary.file,
      });
      const kept =
        dir && values['keep'] !== undefined
          ? `; kept the newest ${String(values['keep'])} in ${dir} (deleted ${backups.keepNewest(dir, Number(values['keep'])).length})`
          : '';
      out(
        `Backed up ${database} to ${summary.file}: ${summary.bytes} bytes in ${summary.durationMs} ms, ` +
          `schema ${summary.schemaVersion}, rows ${rowList(summary.rows)}${kept}.\n`,
      );
    },
  },
  restore: {
    usage: ['restore --from FILE              into the DATA_DIR of a stopped instance (SQLite)'],
    options: { from: { type: 'string' } },
    check(values) {
      if (typeof values['from'] !== 'string' || values['from'] === '') {
        throw new UsageError('restore needs --from FILE, a file written by backup.');
      }
    },
    async runAlone({ config, out }, values) {
      const backups = await import('../backups/sqlite.ts');
      if (config.DATABASE_URL) {
        throw new backups.BackupError(
          'DATABASE_URL is set: PostgreSQL is restored with pg_restore, as "Backups and restore" in docs/operations/backups.md shows',
          2,
        );
      }
      const { SQLITE_MIGRATIONS } = await import('../db/steps.ts');
      const r = await backups.restoreSqlite(
        String(values['from']),
        backups.databaseFile(config.DATA_DIR),
        new Set(SQLITE_MIGRATIONS.map((m) => m.version)),
      );
      out(
        `Restored ${String(values['from'])} into ${r.file}: ${r.bytes} bytes in ${r.durationMs} ms, ` +
          `schema ${r.schemaVersion}, rows ${rowList(r.rows)}; ` +
          (r.replaced
            ? `the replaced database is kept as ${r.replaced} (delete it once the site works).\n`
            : 'there was no database before.\n'),
      );
    },
  },
};

function rowList(rows: ReadonlyArray<[string, number]>): string {
  return rows.map(([table, n]) => `${table} ${n}`).join(', ');
}

const USAGE = `Usage: npm run enquiries -- <command> [options]\n${Object.values(COMMANDS)
  .flatMap((c) => c.usage)
  .map((line) => `  ${line}`)
  .join('\n')}`;

function parse(argv: string[]): {
  command: Command;
  values: Values;
  positionals: string[];
} {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError('No command given.');
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: Boolean(command.positionals),
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  command.check?.(parsed.values, parsed.positionals);
  return { command, ...parsed };
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
  const { parseEnvOrExit, storeEnvSchema } = await import('../env.ts');
  const config = parseEnvOrExit(process.env, storeEnvSchema);
  const out = (text: string) => process.stdout.write(text);
  const err = (text: string) => process.stderr.write(text);
  const fail = (e: unknown) => {
    process.stderr.write(`enquiries: ${e instanceof Error ? e.message : String(e)}\n`);
    const code = (e as { exitCode?: unknown }).exitCode;
    process.exitCode = typeof code === 'number' ? code : 1;
  };
  const { runAlone, run } = args.command;
  if (runAlone) {
    await runAlone({ config, out, err }, args.values).catch(fail);
    return;
  }
  const { openStore } = await import('./runtime.ts');
  const { createInboxService } = await import('../inbox/service.ts');
  const store = openStore(config);
  try {
    await store.migrate();
    // The CLI sends nothing: the server's workers deliver.
    const inbox = createInboxService({ store, channels: ['email'], configured: new Set() });
    await run?.({ store, inbox, config, out, err }, args.values, args.positionals);
  } catch (e) {
    fail(e);
  } finally {
    await store.close();
  }
}

await main();
