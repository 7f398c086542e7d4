/**
 * The Kubernetes manifests in `deploy/kubernetes/` checked offline, so a typo reaches no cluster:
 *
 * - every document validates against the Kubernetes API's OpenAPI schemas (`kubernetes-models`,
 *   the schemas compiled to validators; no cluster, no network). Those schemas allow unknown
 *   fields, so the fields the site relies on are read back by name below: a misspelt probe or
 *   security setting is missing there and fails;
 * - the probes ask the paths the server serves (the production build's app through supertest):
 *   liveness 200 without I/O, readiness 200 and 503 once the store is gone;
 * - the container, probe and Service ports are the ones the image listens on (the Dockerfile's
 *   `ENV PORT=`/`METRICS_PORT=` and `EXPOSE`);
 * - the shutdown arithmetic of docs/decisions/013-kubernetes-probes-and-resources.md holds:
 *   terminationGracePeriodSeconds >= preStop sleep + DRAIN_GRACE_MS + SHUTDOWN_TIMEOUT_MS;
 * - the container's environment (Dockerfile, ConfigMap, Deployment, secrets by reference) passes
 *   the server's own start-up check (`parseEnv`);
 * - the staff inbox is on its own port, reached by its own Service and an internal Ingress for
 *   STAFF_URL's host, never by the public Service
 *   (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md);
 * - the backup CronJob runs the script the kustomization ships against the site's DATABASE_URL,
 *   into its own volume, one run at a time, as a non-root user
 *   (docs/decisions/035-backups-and-restore.md; the script itself runs against a real PostgreSQL
 *   in tests/pipeline/postgres-backup.test.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { CronJob, type ICronJob } from 'kubernetes-models/batch/v1';
import {
  HorizontalPodAutoscaler,
  type IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import {
  ConfigMap,
  PersistentVolumeClaim,
  Service,
  type IConfigMap,
  type IPersistentVolumeClaim,
  type IService,
} from 'kubernetes-models/v1';
import { envSchema, parseEnv, passkeyOriginProblem } from '../../src/server/env.ts';
import { createTestApp, type TestApp } from '../server/support/test-app.ts';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'deploy/kubernetes');

interface Manifest {
  file: string;
  doc: { apiVersion?: string; kind?: string; metadata?: { name?: string } } & Record<
    string,
    unknown
  >;
}

/** The schema-checked model of each kind we ship; any other kind fails the test. */
const MODELS: Record<string, (doc: never) => { validate(): void }> = {
  'apps/v1/Deployment': (doc) => new Deployment(doc),
  'v1/Service': (doc) => new Service(doc),
  'v1/ConfigMap': (doc) => new ConfigMap(doc),
  'policy/v1/PodDisruptionBudget': (doc) => new PodDisruptionBudget(doc),
  'autoscaling/v2/HorizontalPodAutoscaler': (doc) => new HorizontalPodAutoscaler(doc),
  'networking.k8s.io/v1/Ingress': (doc) => new Ingress(doc),
  'batch/v1/CronJob': (doc) => new CronJob(doc),
  'v1/PersistentVolumeClaim': (doc) => new PersistentVolumeClaim(doc),
};

const yamlFiles = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
const manifests: Manifest[] = yamlFiles.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((document) => {
    if (document.errors.length) throw new Error(`${file}: ${document.errors[0]?.message}`);
    return { file, doc: document.toJS() as Manifest['doc'] };
  }),
);

function only<T>(kind: string): T {
  const found = manifests.filter((m) => m.doc.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0]!.doc as T;
}

/** The one manifest of `kind` called `name`. */
function named<T>(kind: string, name: string): T {
  const found = manifests.find((m) => m.doc.kind === kind && m.doc.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found.doc as T;
}

const deployment = only<IDeployment>('Deployment');
const service = named<IService>('Service', 'story-voice-site');
const staffService = named<IService>('Service', 'story-voice-staff');
const staffIngress = only<IIngress>('Ingress');
const configMap = only<IConfigMap>('ConfigMap');
const pod = deployment.spec!.template.spec!;
const container = pod.containers[0]!;

/** The runtime stage's `ENV` variables and `EXPOSE`d ports of the Dockerfile. */
function dockerfile(): { env: Record<string, string>; exposed: number[] } {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\r?\n/g, ' ');
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const runtime = lines.slice(lines.findLastIndex((l) => /^FROM\s/i.test(l)));
  const env: Record<string, string> = {};
  const exposed: number[] = [];
  for (const line of runtime) {
    const [instruction, ...rest] = line.split(/\s+/);
    if (instruction?.toUpperCase() === 'ENV') {
      for (const pair of rest) {
        const eq = pair.indexOf('=');
        if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
    }
    if (instruction?.toUpperCase() === 'EXPOSE') exposed.push(...rest.map((p) => parseInt(p, 10)));
  }
  return { env, exposed };
}

/** A container port given by number or by name, as a number. */
function containerPort(port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** The value a plain `env` entry of the container sets, if any. */
const plainEnv = (name: string): string | undefined =>
  container.env?.find((e) => e.name === name)?.value;

/** Stand-ins for the Secret's values. */
const SECRETS: Record<string, string> = {
  DATABASE_URL: 'postgres://site:password@db:5432/site',
  FORM_SECRET: 'a-form-secret-of-32-characters!!',
  SMTP_URL: 'smtp://user:pass@relay.example:587',
};

/** The optional channel keys an operator may add to the Secret (docs/operations/enquiries.md, "Notifications"). */
const CHANNEL_SECRETS: Record<string, string> = {
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/XXXX',
  WEBHOOK_URL: 'https://hooks.example.com/enquiries',
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
};

/**
 * The environment the container starts with: the image's, the ConfigMap's, the Deployment's,
 * with `secrets` as the Secret's keys (a missing key of an optional reference sets nothing).
 */
function containerEnv(secrets: Record<string, string> = SECRETS): Record<string, string> {
  const env: Record<string, string> = { ...dockerfile().env };
  for (const source of container.envFrom ?? []) {
    expect(source.configMapRef?.name).toBe(configMap.metadata?.name);
    Object.assign(env, configMap.data);
  }
  for (const entry of container.env ?? []) {
    const value = entry.value ?? secrets[entry.valueFrom?.secretKeyRef?.key ?? ''];
    if (value === undefined && entry.valueFrom?.secretKeyRef?.optional) continue;
    expect(value, `${entry.name} has no value`).toBeDefined();
    env[entry.name] = value!;
  }
  return env;
}

describe('deploy/kubernetes', () => {
  it('holds the manifests of a Deployment, two Services, ConfigMap, PDB, HPA, the staff Ingress and the backups', () => {
    expect(manifests.map((m) => m.doc.kind).sort()).toEqual([
      'ConfigMap',
      'CronJob',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Kustomization',
      'PersistentVolumeClaim',
      'PodDisruptionBudget',
      'Service',
      'Service',
    ]);
  });

  it.each(manifests.filter((m) => m.doc.kind !== 'Kustomization'))(
    '$file ($doc.kind) validates against the Kubernetes API schema',
    ({ doc }) => {
      const model = MODELS[`${doc.apiVersion}/${doc.kind}`];
      expect(model, `no schema for ${doc.apiVersion} ${doc.kind}`).toBeDefined();
      expect(() => model!(doc as never).validate()).not.toThrow();
    },
  );

  it('the schema check catches a wrong type (it is not a no-op)', () => {
    const broken = structuredClone(deployment);
    broken.spec!.template.spec!.containers[0]!.lifecycle = {
      preStop: { sleep: { seconds: 'five' as unknown as number } },
    };
    expect(() => new Deployment(broken).validate()).toThrow(/seconds must be integer/);
  });

  it('the kustomization applies every manifest in the folder', () => {
    const kustomization = manifests.find((m) => m.doc.kind === 'Kustomization')!;
    const resources = kustomization.doc['resources'] as string[];
    expect([...resources].sort()).toEqual(yamlFiles.filter((f) => f !== kustomization.file).sort());
  });

  describe('ports agree with the image', () => {
    const image = dockerfile();
    const port = Number(image.env['PORT']);
    const metricsPort = Number(image.env['METRICS_PORT']);

    it('the Dockerfile declares and exposes the site and metrics ports', () => {
      expect(port).toBeGreaterThan(0);
      expect(metricsPort).toBeGreaterThan(0);
      expect(image.exposed).toEqual(expect.arrayContaining([port, metricsPort]));
    });

    it('the container ports are the ones the image listens on', () => {
      expect(containerPort('http')).toBe(port);
      expect(containerPort('metrics')).toBe(metricsPort);
      // Overriding PORT in the Deployment would move the server away from its probes.
      expect(plainEnv('PORT') ?? String(port)).toBe(String(port));
      expect(plainEnv('METRICS_PORT') ?? String(metricsPort)).toBe(String(metricsPort));
    });

    it('every probe asks the site port', () => {
      for (const probe of [
        container.startupProbe,
        container.livenessProbe,
        container.readinessProbe,
      ]) {
        expect(containerPort(probe?.httpGet?.port)).toBe(port);
      }
    });

    it('the Service sends port 80 to the site and names the metrics port for scraping', () => {
      const http = service.spec?.ports?.find((p) => p.port === 80);
      expect(containerPort(http?.targetPort)).toBe(port);
      const metrics = service.spec?.ports?.find((p) => p.name === 'metrics');
      expect(containerPort(metrics?.targetPort)).toBe(metricsPort);
      expect(service.metadata?.annotations?.['prometheus.io/port']).toBe(String(metricsPort));
      expect(deployment.spec?.template.metadata?.annotations?.['prometheus.io/port']).toBe(
        String(metricsPort),
      );
    });

    it('the Service, PDB and HPA select the Deployment’s pods', () => {
      const labels = deployment.spec!.template.metadata!.labels!;
      expect(labels).toMatchObject(deployment.spec!.selector.matchLabels!);
      expect(labels).toMatchObject(service.spec!.selector!);
      expect(labels).toMatchObject(
        only<IPodDisruptionBudget>('PodDisruptionBudget').spec!.selector!.matchLabels!,
      );
      const hpa = only<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
      expect(hpa.spec.scaleTargetRef).toMatchObject({
        kind: 'Deployment',
        name: deployment.metadata!.name,
      });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    });
  });

  describe('the probes ask what the server serves', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp();
    });
    afterAll(async () => {
      await app.close().catch(() => undefined);
    });

    const liveness = container.livenessProbe?.httpGet?.path;
    const readiness = container.readinessProbe?.httpGet?.path;
    const startup = container.startupProbe?.httpGet?.path;

    it('liveness, start-up and readiness paths answer 200', async () => {
      for (const path of [liveness, startup, readiness]) {
        expect(path, 'probe without an httpGet path').toBeTypeOf('string');
        const res = await request(app.app).get(path!);
        expect(res.status, path).toBe(200);
      }
    });

    it('readiness turns 503 when the store is away; liveness and start-up stay 200', async () => {
      await app.closeStores();
      expect((await request(app.app).get(readiness!)).status).toBe(503);
      expect((await request(app.app).get(liveness!)).status).toBe(200);
      expect((await request(app.app).get(startup!)).status).toBe(200);
    });
  });

  describe('shutdown and start-up timing', () => {
    const defaults = envSchema.parse({});
    const drainMs = Number(plainEnv('DRAIN_GRACE_MS') ?? defaults.DRAIN_GRACE_MS);
    const shutdownMs = Number(plainEnv('SHUTDOWN_TIMEOUT_MS') ?? defaults.SHUTDOWN_TIMEOUT_MS);

    it('preStop is the kubelet’s Sleep action (the image has no shell utilities)', () => {
      expect(container.lifecycle?.preStop?.exec).toBeUndefined();
      expect(container.lifecycle?.preStop?.sleep?.seconds).toBeGreaterThanOrEqual(3);
    });

    it('the grace period covers preStop + drain + the forced-exit timeout', () => {
      const preStopMs = (container.lifecycle?.preStop?.sleep?.seconds ?? 0) * 1000;
      const graceMs = (pod.terminationGracePeriodSeconds ?? 30) * 1000;
      expect(graceMs).toBeGreaterThanOrEqual(preStopMs + drainMs + shutdownMs);
    });
  });

  describe('security and configuration', () => {
    it('runs as the image’s unprivileged user on a read-only root with /tmp writable', () => {
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    });

    it('takes secrets by reference, never as literal values', () => {
      for (const name of [
        'DATABASE_URL',
        'FORM_SECRET',
        'SMTP_URL',
        ...Object.keys(CHANNEL_SECRETS),
      ]) {
        const entry = container.env?.find((e) => e.name === name);
        expect(entry?.value, name).toBeUndefined();
        expect(entry?.valueFrom?.secretKeyRef?.key, name).toBe(name);
      }
    });

    it('the container’s environment passes the server’s start-up check', () => {
      const parsed = parseEnv(containerEnv());
      expect(parsed.NODE_ENV).toBe('production');
      expect(parsed.SITE_URL).toMatch(/^https:\/\//);
      expect(parsed.TRUST_PROXY).toBe('1');
      expect(parsed.DATABASE_URL).toBe(SECRETS['DATABASE_URL']);
      expect(parsed.SLACK_WEBHOOK_URL).toBeUndefined();
      expect(parsed.WEBHOOK_URL).toBeUndefined();
    });

    it('the Slack and webhook channels reach the server when the Secret holds their keys', () => {
      const parsed = parseEnv(containerEnv({ ...SECRETS, ...CHANNEL_SECRETS }));
      expect(parsed.SLACK_WEBHOOK_URL).toBe(CHANNEL_SECRETS['SLACK_WEBHOOK_URL']);
      expect(parsed.WEBHOOK_URL).toBe(CHANNEL_SECRETS['WEBHOOK_URL']);
      expect(parsed.WEBHOOK_SECRET).toBe(CHANNEL_SECRETS['WEBHOOK_SECRET']);
    });

    it('the memory limit holds the measured peak (decision 013) and at most 256 MiB', () => {
      const mebibytes = (quantity: string | number | undefined): number => {
        const m = /^(\d+)(Mi|Gi)$/.exec(String(quantity));
        if (!m) throw new Error(`unexpected memory quantity ${String(quantity)}`);
        return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1);
      };
      const limit = mebibytes(container.resources?.limits?.['memory']);
      const requested = mebibytes(container.resources?.requests?.['memory']);
      expect(limit).toBeLessThanOrEqual(256);
      expect(requested).toBeLessThanOrEqual(limit);
      // The heap cap must leave room for code, stacks and native memory under the limit.
      const oldSpace = /--max-old-space-size=(\d+)/.exec(plainEnv('NODE_OPTIONS') ?? '');
      expect(Number(oldSpace?.[1])).toBeLessThanOrEqual(limit / 2);
    });
  });
  describe('the staff inbox stays off the public edge', () => {
    const env = parseEnv(containerEnv());

    it('runs on its own port, the container port named staff', () => {
      expect(env.STAFF_AREA).toBe('on');
      expect(env.STAFF_PORT).toBeDefined();
      expect(containerPort('staff')).toBe(env.STAFF_PORT);
    });

    it('the public Service sends nothing to it', () => {
      for (const p of service.spec?.ports ?? []) {
        expect(containerPort(p.targetPort)).not.toBe(env.STAFF_PORT);
      }
    });

    it('its own Service selects the pods and sends port 80 to the staff port', () => {
      const labels = deployment.spec!.template.metadata!.labels!;
      expect(labels).toMatchObject(staffService.spec!.selector!);
      const [port] = staffService.spec?.ports ?? [];
      expect(staffService.spec?.ports).toHaveLength(1);
      expect(containerPort(port?.targetPort)).toBe(env.STAFF_PORT);
    });

    it('the internal Ingress serves STAFF_URL’s host over TLS, to the staff Service only', () => {
      const host = new URL(env.STAFF_URL).hostname;
      expect(env.STAFF_URL.startsWith('https://')).toBe(true);
      expect(staffIngress.spec?.ingressClassName).toBeTruthy();
      expect(staffIngress.spec?.tls?.flatMap((t) => t.hosts ?? [])).toEqual([host]);
      const rules = staffIngress.spec?.rules ?? [];
      expect(rules.map((r) => r.host)).toEqual([host]);
      const backends = rules.flatMap((r) => r.http?.paths ?? []).map((p) => p.backend.service);
      expect(backends).toEqual([{ name: staffService.metadata?.name, port: { name: 'staff' } }]);
      expect(staffService.spec?.ports?.[0]?.name).toBe('staff');
    });

    it('its origin can hold passkeys for SITE_URL’s host', () => {
      expect(passkeyOriginProblem(env.STAFF_URL, env.STAFF_RP_ID)).toBeNull();
      expect(env.STAFF_RP_ID).toBe(new URL(env.SITE_URL).hostname);
    });
  });

  describe('the backup CronJob', () => {
    const cronJob = only<ICronJob>('CronJob');
    const job = cronJob.spec.jobTemplate.spec!;
    const jobPod = job.template.spec!;
    const backup = jobPod.containers[0]!;
    const claim = only<IPersistentVolumeClaim>('PersistentVolumeClaim');
    const kustomization = manifests.find((m) => m.doc.kind === 'Kustomization')!.doc;
    const envOf = (name: string) => backup.env?.find((e) => e.name === name);
    const mountOf = (volume: string) => backup.volumeMounts?.find((m) => m.name === volume);
    const volumeOf = (mountPath: string) =>
      jobPod.volumes?.find(
        (v) => v.name === backup.volumeMounts?.find((m) => m.mountPath === mountPath)?.name,
      );

    it('runs nightly, one run at a time, never retried into the next night', () => {
      expect(cronJob.spec?.schedule).toMatch(/^\d{1,2} \d{1,2} \* \* \*$/);
      expect(cronJob.spec?.timeZone).toBeTruthy();
      expect(cronJob.spec?.concurrencyPolicy).toBe('Forbid');
      expect(job.activeDeadlineSeconds).toBeLessThanOrEqual(86_400);
      expect(jobPod.restartPolicy).toBe('Never');
    });

    it('runs the script the kustomization ships as a ConfigMap', () => {
      const [shell, script] = backup.command ?? [];
      expect(shell).toBe('sh');
      const generator = (
        kustomization['configMapGenerator'] as Array<{ name: string; files: string[] }>
      ).find((g) => g.files.includes('postgres-backup.sh'));
      expect(generator).toBeDefined();
      expect(existsSync(join(DIR, 'postgres-backup.sh'))).toBe(true);
      expect(volumeOf(dirname(script!))?.configMap?.name).toBe(generator!.name);
      expect(script).toBe(
        `${mountOf(volumeOf(dirname(script!))!.name)?.mountPath}/postgres-backup.sh`,
      );
    });

    it('dumps the database the site uses into the backups volume, keeping a positive number', () => {
      const site = container.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
      expect(envOf('DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual(site);
      const dir = envOf('BACKUP_DIR')?.value;
      expect(volumeOf(dir!)?.persistentVolumeClaim?.claimName).toBe(claim.metadata?.name);
      expect(claim.spec?.accessModes).toEqual(['ReadWriteOnce']);
      expect(envOf('KEEP')?.value).toMatch(/^[1-9]\d*$/);
    });

    it('runs as the image’s unprivileged user on a read-only root with /tmp writable', () => {
      expect(jobPod.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(jobPod.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(backup.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(volumeOf('/tmp')?.emptyDir).toBeDefined();
    });

    it('takes pg_dump from the PostgreSQL image compose runs as the database', () => {
      const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as {
        services: { db: { image: string } };
      };
      expect(backup.image).toBe(compose.services.db.image);
    });
  });
});
