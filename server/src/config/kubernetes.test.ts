import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { envSchema } from './env.js';

// deploy/kubernetes (issue 33 point 1): every manifest parsed, validated against the Kubernetes
// schemas (kubernetes-models), and every variable it sets known to the one config schema.

const dir = fileURLToPath(new URL('../../../deploy/kubernetes/', import.meta.url));
type Manifest = { file: string; doc: Record<string, unknown> & { kind: string; apiVersion: string } };

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'batch/v1/Job': Job,
};
const known = new Set(Object.keys(envSchema.shape));

type Container = {
  name: string;
  env?: { name: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};
const podSpecOf = (m: Manifest) =>
  (m.doc as { spec?: { template?: { spec?: { containers?: Container[] } } } }).spec?.template?.spec;

/** What is wrong with a set of manifests: schema errors, unknown kinds and variables the server does not read. */
function problems(manifests: Manifest[]): string[] {
  const found: string[] = [];
  for (const { file, doc } of manifests) {
    const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    if (!Model) {
      found.push(`${file}: no schema for ${doc.apiVersion} ${doc.kind}`);
      continue;
    }
    try {
      new Model(structuredClone(doc) as never).validate();
    } catch (err) {
      found.push(`${file}: ${(err as Error).message}`);
    }
    const variables: string[] = [];
    if (doc.kind === 'ConfigMap') variables.push(...Object.keys((doc.data as object) ?? {}));
    if (doc.kind === 'Secret')
      variables.push(...Object.keys({ ...(doc.stringData as object), ...(doc.data as object) }));
    for (const c of podSpecOf({ file, doc })?.containers ?? []) variables.push(...(c.env ?? []).map((e) => e.name));
    for (const name of variables) if (!known.has(name)) found.push(`${file}: ${name} is not in the config schema`);
  }
  return found;
}

async function load(): Promise<{ manifests: Manifest[]; kustomization: { resources: string[]; namespace: string } }> {
  const files = [
    ...(await readdir(dir)).filter((f) => f.endsWith('.yaml')),
    ...(await readdir(path.join(dir, 'jobs'))).map((f) => `jobs/${f}`),
  ];
  const manifests: Manifest[] = [];
  let kustomization = { resources: [] as string[], namespace: '' };
  for (const file of files) {
    for (const d of parseAllDocuments(await readFile(path.join(dir, file), 'utf8'))) {
      expect(d.errors, file).toEqual([]);
      const doc = d.toJSON() as Manifest['doc'];
      if (doc.kind === 'Kustomization') kustomization = doc as never;
      else manifests.push({ file, doc });
    }
  }
  return { manifests, kustomization };
}

const find = (manifests: Manifest[], kind: string) => manifests.find((m) => m.doc.kind === kind)?.doc as never;

describe('deploy/kubernetes', async () => {
  const { manifests, kustomization } = await load();

  it('validates against the Kubernetes schemas and sets only variables the config schema knows', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(9);
    expect(problems(manifests)).toEqual([]);
  });

  it('fails on a wrong type, a missing required field and an unknown variable', () => {
    const deployment = manifests.find((m) => m.doc.kind === 'Deployment') as Manifest;
    const wrongType = structuredClone(deployment);
    (wrongType.doc.spec as { replicas: unknown }).replicas = 'three';
    expect(problems([wrongType]).join()).toMatch(/replicas must be integer/);
    const missing = structuredClone(deployment);
    delete (missing.doc.spec as { selector?: unknown }).selector;
    expect(problems([missing]).join()).toMatch(/selector/);
    const unknownVariable = structuredClone(deployment);
    podSpecOf(unknownVariable)?.containers?.[0]?.env?.push({ name: 'DATABASE_URI' });
    expect(problems([unknownVariable])).toEqual(['deployment.yaml: DATABASE_URI is not in the config schema']);
    const config = structuredClone(manifests.find((m) => m.doc.kind === 'ConfigMap') as Manifest);
    (config.doc.data as Record<string, string>).PUBLIC_URI = 'https://id.example.com';
    expect(problems([config])).toEqual(['configmap.yaml: PUBLIC_URI is not in the config schema']);
  });

  it('lists every manifest but the optional migration job in kustomization.yaml', () => {
    const listed = new Set(manifests.map((m) => m.file).filter((f) => !f.startsWith('jobs/')));
    expect([...kustomization.resources].sort()).toEqual([...listed].sort());
    expect(kustomization.namespace).toBe('portico');
  });

  it('runs 2+ copies, not as root, on a read-only root with a writable /tmp, with requests, limits and probes', () => {
    const d = find(manifests, 'Deployment') as {
      spec: {
        replicas: number;
        selector: { matchLabels: Record<string, string> };
        template: {
          metadata: { labels: Record<string, string> };
          spec: {
            terminationGracePeriodSeconds: number;
            securityContext: { runAsNonRoot: boolean };
            volumes: { name: string; emptyDir?: object }[];
            containers: (Container & {
              securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
              resources: { requests: Record<string, string>; limits: Record<string, string> };
              volumeMounts: { name: string; mountPath: string }[];
              startupProbe: { httpGet: { path: string } };
              livenessProbe: { httpGet: { path: string } };
              readinessProbe: { httpGet: { path: string } };
            })[];
          };
        };
      };
    };
    const pod = d.spec.template.spec;
    const [c] = pod.containers;
    expect(d.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(c?.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    const tmp = c?.volumeMounts.find((v) => v.mountPath === '/tmp');
    expect(pod.volumes.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    for (const r of ['cpu', 'memory']) {
      expect(c?.resources.requests[r]).toBeTruthy();
      expect(c?.resources.limits[r]).toBeTruthy();
    }
    expect(c?.startupProbe.httpGet.path).toBe('/healthz');
    expect(c?.livenessProbe.httpGet.path).toBe('/healthz');
    expect(c?.readinessProbe.httpGet.path).toBe('/readyz');
    // The pod template carries the labels the Deployment, Service and PDB select by.
    const labels = d.spec.template.metadata.labels;
    for (const selector of [
      d.spec.selector.matchLabels,
      (find(manifests, 'Service') as { spec: { selector: Record<string, string> } }).spec.selector,
      (find(manifests, 'PodDisruptionBudget') as { spec: { selector: { matchLabels: Record<string, string> } } }).spec
        .selector.matchLabels,
    ])
      expect(labels).toMatchObject(selector);
    // Every envFrom names a ConfigMap or Secret defined here.
    const names = new Set(manifests.map((m) => (m.doc.metadata as { name: string }).name));
    for (const from of c?.envFrom ?? []) expect(names).toContain(from.configMapRef?.name ?? from.secretRef?.name);
    // A stop drains, then lets requests finish, before Kubernetes kills the pod.
    const config = (find(manifests, 'ConfigMap') as { data: Record<string, string> }).data;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(
      Number(config.SHUTDOWN_DRAIN_SECONDS) + Number(config.SHUTDOWN_TIMEOUT_SECONDS),
    );
  });

  it('scales on CPU, keeps copies through disruptions, and gives the hub long reads through the Ingress', () => {
    const hpa = find(manifests, 'HorizontalPodAutoscaler') as {
      spec: {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        metrics: { resource: { name: string } }[];
      };
    };
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'portico' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.metrics[0]?.resource.name).toBe('cpu');
    const ingress = find(manifests, 'Ingress') as { metadata: { annotations: Record<string, string> } };
    expect(Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(120);
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
  });
});
