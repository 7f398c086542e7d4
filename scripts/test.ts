/**
 * `npm test`: every check and test of the project, as stages that run side by side where that
 * helps on a small machine, then a table of what each stage took
 * (docs/decisions/044-test-suite-in-ten-minutes.md).
 *
 * The stages and what each needs before it may start ({@link STAGES}):
 *
 * - `typecheck` (React Router's typegen, then `tsc`), then `lint` (type-aware ESLint reads the
 *   generated route types), `knip`, `format:check`: they need no build;
 * - `build`: the production build (`npm run build`) into `.builds/test` (never `dist/`, which
 *   stays the developer's own);
 * - `test:image`: the container image built from the project's Dockerfile
 *   (`tests/docker/build-image.ts`), whose build it copies out to `.builds/image`;
 * - `test:unit` (Vitest), `test:e2e` (Playwright), `test:html` (Nu checker and linkinator) on
 *   the build, and `test:docker`, the container tests on the image. The test stages start once
 *   the build is made, not once the image is: on a fresh machine the image waits for Docker's
 *   install and its base image first
 *   (docs/decisions/160-tests-start-on-the-host-build.md).
 *
 * At most {@link SLOTS} stages run at once (default: two more than the machine's CPU count; env
 * `TEST_SLOTS`), in the order of {@link STAGES} among those whose needs are met. A stage that
 * fails does not stop the others: the stages that need it are skipped, the rest run, and the run
 * exits 1. Each line a stage prints is prefixed with its name; a failed stage's last lines are
 * printed again at the end, above the table.
 *
 * The table gives, per stage: its status, when it started and how long it ran (wall-clock
 * seconds from the start of the run), and the CPU time (user + system seconds) of its processes
 * that exited, so a stage that mostly waits (CPU well below its wall time) can be told from one
 * that keeps a core busy. Work done outside the stage's own process tree is not counted: the
 * Docker engine's (image builds, containers) and PostgreSQL's, which run detached, and most of
 * Chromium's, whose processes the browser reaps itself (sampled from `/proc` instead:
 * docs/decisions/049-end-to-end-tests-in-the-headless-shell.md).
 *
 * Usage: `npm test` (CI's `.ci/run` is `npm ci && npm test`); `npm test -- lint test:unit` runs
 * only the named stages (their needs are not added: without `build`, the test stages use
 * the build an earlier run left in `.builds/test`, or fail saying there is none).
 * Env: TEST_SLOTS; TEST_BUILD_DIR, a build the test stages use instead (no `build` stage then).
 * Exit status: 0 when every stage passed, 1 otherwise, 2 on a bad argument.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '..');

/** One stage: an npm script and the stages that must have passed before it starts. */
export interface Stage {
  /** The npm script run (`npm run <name>`), also the stage's name in the output. */
  name: string;
  /** Stages that must pass first; when one fails or is skipped, this one is skipped. */
  needs: string[];
  /** Extra environment of the stage. */
  env?: Record<string, string>;
}

/** Where the `build` stage writes the build the test stages use (absolute). */
const HOST_BUILD_DIR = join(ROOT, '.builds/test');
/** Where `test:image` copies the image's build. */
const IMAGE_BUILD_DIR = join(ROOT, '.builds/image');
/** The build those stages use: TEST_BUILD_DIR when set (then no `build` stage runs before them). */
const BUILD_DIR = resolve(process.env['TEST_BUILD_DIR'] ?? HOST_BUILD_DIR);
const reuseBuild = process.env['TEST_BUILD_DIR'] !== undefined;
const onBuild = { BUILD_DIR, TEST_BUILD_DIR: BUILD_DIR };
const needsBuild = reuseBuild ? [] : ['build'];
/** Where `test:image` writes the id of a Docker engine it started, to be stopped at the end. */
const ENGINE_PID_FILE = join(tmpdir(), `story-voice-test-dockerd-${process.pid}.pid`);
/**
 * Node's compile cache (https://nodejs.org/api/module.html#module-compile-cache) for every Node
 * process of the run: the CLI and server tests start Node from the sources dozens of times, and
 * each start after the first skips compiling the modules (0.8 → 0.5 CPU s for the CLI here;
 * docs/decisions/045-vitest-shared-workers-and-node-compile-cache.md).
 */
const COMPILE_CACHE_DIR = join(ROOT, '.builds/node-compile-cache');

/**
 * Every stage, in the order they are started when several could be: the build, the image (which
 * mostly waits on Docker) and the two longest stages (Playwright, Vitest) first, so they never
 * wait for a free slot behind checks that could run later.
 */
export const STAGES: Stage[] = [
  { name: 'build', needs: [], env: { BUILD_DIR: HOST_BUILD_DIR, BUILD_LOG_LEVEL: 'silent' } },
  {
    name: 'test:image',
    needs: [],
    env: { BUILD_DIR: IMAGE_BUILD_DIR, DOCKER_ENGINE_PID_FILE: ENGINE_PID_FILE },
  },
  { name: 'test:e2e', needs: needsBuild, env: onBuild },
  { name: 'test:unit', needs: needsBuild, env: onBuild },
  { name: 'typecheck', needs: [] },
  { name: 'lint', needs: ['typecheck'] },
  { name: 'knip', needs: [] },
  { name: 'format:check', needs: [] },
  {
    name: 'test:docker',
    needs: ['test:image'],
    env: { TEST_DOCKER_IMAGE: 'story-voice-site:test' },
  },
  { name: 'test:html', needs: needsBuild, env: onBuild },
];

/**
 * How many stages may run at once: one more than the cores, since each stage waits on Chromium,
 * PostgreSQL or the Docker engine for about half its time (cpu/wall 0.4–0.6 in the table), and
 * one for `test:image`, which waits on Docker for nearly all of its own (cpu/wall 0.03).
 */
export const SLOTS = Math.max(1, Number(process.env['TEST_SLOTS']) || availableParallelism() + 2);

interface Outcome {
  status: 'passed' | 'failed' | 'skipped';
  /** Seconds from the start of the run. */
  startedAt: number;
  /** Wall-clock seconds. */
  wall: number;
  /** User + system CPU seconds of the stage's exited processes (NaN when unknown). */
  cpu: number;
  /** The last {@link TAIL_LINES} lines the stage printed (empty when skipped). */
  tail: string[];
}

/**
 * How many of a failed stage's last lines are printed again after every stage has ended: with
 * several stages printing at once, a failure's report is otherwise far above the end of a long
 * log, where a CI page or a terminal's scrollback shows it.
 */
const TAIL_LINES = 60;

const t0 = performance.now();
const since = (): number => (performance.now() - t0) / 1000;
const skipped = (): Outcome => ({
  status: 'skipped',
  startedAt: since(),
  wall: 0,
  cpu: 0,
  tail: [],
});

/** `times` prints `0m1.234s 0m0.100s` lines: the shell's own, then its children's. */
function parseTimes(text: string): number {
  const lines = text.trim().split('\n');
  const children = lines.at(-1) ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
    (m) => Number(m[1]) * 60 + Number(m[2]),
  );
  return seconds.length === 2 ? (seconds[0] ?? 0) + (seconds[1] ?? 0) : Number.NaN;
}

/**
 * Runs `npm run <stage>` through bash so that bash's `times` reports the CPU time of every
 * process of the stage that was waited for (getrusage's RUSAGE_CHILDREN).
 */
function runStage(stage: Stage): Promise<Outcome> {
  const startedAt = since();
  const width = Math.max(...STAGES.map((s) => s.name.length));
  const prefix = `${stage.name.padEnd(width)} │ `;
  process.stdout.write(`${prefix}▶ started at ${startedAt.toFixed(0)} s\n`);
  return new Promise((done) => {
    const child = spawn(
      'bash',
      ['-c', 'npm run --silent "$1"; status=$?; times >&3; exit $status', 'bash', stage.name],
      {
        cwd: ROOT,
        env: { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR, ...process.env, ...stage.env },
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    const tail: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        process.stdout.write(`${prefix}${line}\n`);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
      });
    }
    let times = '';
    const fd3 = child.stdio[3];
    if (fd3 && 'setEncoding' in fd3) {
      fd3.setEncoding('utf8');
      fd3.on('data', (chunk: string) => (times += chunk));
    }
    child.once('close', (code) => {
      const wall = since() - startedAt;
      const status = code === 0 ? 'passed' : 'failed';
      process.stdout.write(
        `${prefix}${status === 'passed' ? '✓' : '✗'} ${status} in ${wall.toFixed(0)} s\n`,
      );
      done({ status, startedAt, wall, cpu: parseTimes(times), tail });
    });
  });
}

/**
 * Runs the stages: at most {@link SLOTS} at once, each as soon as its needs have passed.
 * @returns each stage's outcome, by name
 */
export async function runStages(stages: Stage[]): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const running = new Map<string, Promise<void>>();
  const names = new Set(stages.map((s) => s.name));
  const pending = [...stages];
  while (pending.length > 0 || running.size > 0) {
    // Skip what can no longer run; start what may.
    for (const stage of [...pending]) {
      const needs = stage.needs.filter((n) => names.has(n));
      const blocked = needs.some((n) => outcomes.has(n) && outcomes.get(n)?.status !== 'passed');
      if (blocked) {
        pending.splice(pending.indexOf(stage), 1);
        outcomes.set(stage.name, skipped());
        continue;
      }
      if (running.size >= SLOTS) continue;
      if (!needs.every((n) => outcomes.get(n)?.status === 'passed')) continue;
      pending.splice(pending.indexOf(stage), 1);
      running.set(
        stage.name,
        runStage(stage).then((outcome) => {
          outcomes.set(stage.name, outcome);
          running.delete(stage.name);
        }),
      );
    }
    if (running.size > 0) await Promise.race(running.values());
    else if (pending.length > 0) break; // unreachable needs (a cycle): nothing can start
  }
  for (const stage of pending) {
    outcomes.set(stage.name, skipped());
  }
  return outcomes;
}

/** The table printed at the end: one row per stage in start order, then the whole run. */
export function formatTable(outcomes: Map<string, Outcome>, total: number): string {
  const rows = [...outcomes.entries()].sort((a, b) => a[1].startedAt - b[1].startedAt);
  const width = Math.max(5, ...rows.map(([name]) => name.length));
  const num = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(0)).padStart(6);
  const lines = [
    `${'stage'.padEnd(width)}  status   start   wall    cpu  cpu/wall`,
    ...rows.map(([name, o]) => {
      const ratio = o.wall > 0 && !Number.isNaN(o.cpu) ? (o.cpu / o.wall).toFixed(2) : '—';
      const timed = o.status === 'skipped';
      return (
        `${name.padEnd(width)}  ${o.status.padEnd(7)} ${timed ? '     —' : num(o.startedAt)} ` +
        `${timed ? '     —' : num(o.wall)} ${timed ? '     —' : num(o.cpu)}  ${timed ? '—' : ratio.padStart(8)}`
      );
    }),
    `${'total'.padEnd(width)}  ${' '.repeat(7)} ${num(0)} ${num(total)}` +
      ` ${num(rows.reduce((sum, [, o]) => sum + (Number.isNaN(o.cpu) ? 0 : o.cpu), 0))}`,
  ];
  return lines.join('\n');
}

/** Stops the Docker engine `test:image` started (by its process id), waiting up to 15 s. */
async function stopEngine(): Promise<void> {
  if (!existsSync(ENGINE_PID_FILE)) return;
  const pid = Number(readFileSync(ENGINE_PID_FILE, 'utf8'));
  rmSync(ENGINE_PID_FILE, { force: true });
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive()) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; alive() && waited < 15_000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
  }
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !STAGES.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(
    `Unknown stage(s): ${unknown.join(', ')}. Stages: ${STAGES.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = STAGES.filter((s) => wanted.length === 0 || wanted.includes(s.name));
console.log(
  `Stages: ${selected.map((s) => s.name).join(', ')}; ${SLOTS} at a time; build in ${BUILD_DIR}`,
);
const outcomes = await runStages(selected);
await stopEngine();
const total = since();
for (const [name, outcome] of outcomes) {
  if (outcome.status !== 'failed') continue;
  console.log(`\n── ${name} failed; its last ${outcome.tail.length} lines again ──`);
  for (const line of outcome.tail) console.log(`${name} │ ${line}`);
}
console.log(
  `\n${formatTable(outcomes, total)}\n(seconds; cpu: user + system of the stage's exited processes)`,
);
const failed = [...outcomes].filter(([, o]) => o.status !== 'passed').map(([n]) => n);
if (failed.length > 0) {
  console.error(`\n✗ not passed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\n✓ every stage passed in ${total.toFixed(0)} s`);
