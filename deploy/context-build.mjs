#!/usr/bin/env node
// `npm run context-build -w deploy` (CI runs it in .ci/run): the image's build stage, run without Docker on
// exactly the files `docker build .` would send, then the bundle started as the image starts it.
//   1. The context: the repository's files less what .dockerignore excludes (docker-files.mjs, Docker's own
//      matching rules), so a pattern that drops a source folder fails here as it would in `docker build`.
//   2. The Dockerfile's `build` stage, read from the Dockerfile so the two cannot drift: its WORKDIR, COPY
//      (from that context only) and RUN instructions, in a temporary folder standing for the stage's file
//      system. RUN may only hold npm commands, because it runs on this machine, not in a container. npm reuses
//      this machine's cache (npm_config_prefer_offline), so the install needs no download when the lockfile's
//      packages are cached.
//   3. Every path a later stage copies from `build` (`COPY --from=build`) exists.
//   4. The final stage's CMD, with its ENV (NODE_ENV=production …) and a throwaway embedded database, answers
//      the final stage's HEALTHCHECK command, and serves the web app at /.
// The runtime stage's own install (`npm ci --omit=dev`) is not run: apps/server/src/build.test.ts proves the
// bundle imports only runtime dependencies. Exit 1 names the step that failed. KEEP=1 keeps the folder.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dockerContext, envOf, execForm, parseDockerfile, stagesOf } from './docker-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-context-build-'));
const fsRoot = path.join(work, 'build');
let server;
const cleanUp = () => {
  server?.kill('SIGKILL');
  if (!process.env.KEEP) fs.rmSync(work, { recursive: true, force: true });
};
const fail = (msg) => {
  console.error(`context build: ${msg}`);
  cleanUp();
  process.exit(1);
};
const step = (msg) => console.log(`context build: ${msg}`);
const started = Date.now();

const stages = stagesOf(parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')));
const build = stages.find((s) => s.name === 'build');
if (!build) fail('the Dockerfile has no stage named build');
const final = stages.at(-1);

// ---- 1. the context ------------------------------------------------------------------------------------------
// Copied up front, as Docker sends it: a file changed while the build runs does not reach it.
const contextDir = path.join(work, 'context');
const context = dockerContext(root);
const inContext = new Set(context);
for (const f of context) {
  fs.mkdirSync(path.dirname(path.join(contextDir, f)), { recursive: true });
  fs.cpSync(path.join(root, f), path.join(contextDir, f), { verbatimSymlinks: true });
}
step(`${context.length} files in the context (.dockerignore applied), copied to ${contextDir}`);

/** Copies a context path (a file, or a folder's files) to `dest` as Docker's COPY does. */
function copyFromContext(src, dest, destIsDir) {
  const rel = path.posix
    .normalize(src)
    .replace(/^(\.\/|\/)+/, '')
    .replace(/\/$/, '');
  if (/[*?[]/.test(rel)) fail(`COPY ${src}: wildcards are not supported by context-build.mjs`);
  if (inContext.has(rel)) {
    const target = destIsDir ? path.join(dest, path.posix.basename(rel)) : dest;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(path.join(contextDir, rel), target, { verbatimSymlinks: true });
    return;
  }
  const prefix = rel === '.' ? '' : `${rel}/`;
  const files = context.filter((f) => f.startsWith(prefix));
  // Docker's error when a COPY source is missing from the context (excluded or absent).
  if (!files.length)
    fail(`COPY ${src}: not found in the build context (missing, or excluded by .dockerignore)`);
  for (const f of files) {
    const target = path.join(dest, f.slice(prefix.length));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(path.join(contextDir, f), target, { verbatimSymlinks: true });
  }
}

// ---- 2. the build stage --------------------------------------------------------------------------------------
let workdir = '/';
const stageEnv = {};
// A clean environment, as in the container: nothing of this shell's NODE_ENV or npm settings leaks in, but
// npm's cache and configuration (HOME) are this machine's.
const baseEnv = {
  // Without the node_modules/.bin folders `npm run` put in front: a tool missing from the stage's own install
  // must fail as in the container, not be found in this checkout's.
  PATH: (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.split(path.sep).includes('node_modules'))
    .join(path.delimiter),
  HOME: process.env.HOME ?? os.homedir(),
  ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
  npm_config_prefer_offline: 'true',
};
const inStage = (p) => path.join(fsRoot, path.posix.resolve(workdir, p));
for (const x of build.body) {
  if (x.op === 'WORKDIR') {
    workdir = path.posix.resolve(workdir, x.args);
    fs.mkdirSync(inStage('.'), { recursive: true });
  } else if (x.op === 'ENV') {
    Object.assign(stageEnv, envOf([x]));
  } else if (x.op === 'COPY') {
    const words = x.args.split(/\s+/);
    if (words.some((w) => w.startsWith('--')))
      fail(`line ${x.line}: COPY flags are not supported in the build stage`);
    const dest = words.at(-1);
    const destIsDir = dest.endsWith('/') || words.length > 2 || dest === '.';
    for (const src of words.slice(0, -1)) copyFromContext(src, inStage(dest), destIsDir);
  } else if (x.op === 'RUN') {
    const command = execForm(x.args)?.join(' ') ?? x.args;
    for (const part of command.split('&&').map((p) => p.trim()))
      if (!/^npm (ci|run|install|exec)\b/.test(part))
        fail(
          `line ${x.line}: '${part}' would run on this machine; context-build.mjs runs only npm ci/install/run/exec`,
        );
    step(`RUN ${command}`);
    const t = Date.now();
    const r = spawnSync('sh', ['-c', command], {
      cwd: inStage('.'),
      env: { ...baseEnv, ...stageEnv },
      stdio: 'inherit',
    });
    if (r.status !== 0) fail(`line ${x.line}: RUN ${command} exited ${r.status ?? r.signal}`);
    step(`  done in ${Math.round((Date.now() - t) / 1000)} s`);
  } else if (!['ARG', 'LABEL', 'SHELL', 'USER', 'EXPOSE', 'VOLUME'].includes(x.op))
    fail(`line ${x.line}: ${x.op} in the build stage is not supported by context-build.mjs`);
}

// ---- 3. what later stages take from it -----------------------------------------------------------------------
for (const stage of stages)
  for (const x of stage.body.filter((i) => i.op === 'COPY' && /--from=build\b/i.test(i.args))) {
    const words = x.args.split(/\s+/).filter((w) => !w.startsWith('--'));
    for (const src of words.slice(0, -1))
      if (!fs.existsSync(path.join(fsRoot, path.posix.resolve(workdir, src))))
        fail(`line ${x.line}: COPY --from=build ${src}: the build stage did not produce it`);
  }

// ---- 4. the image's command answers its health check ---------------------------------------------------------
const finalEnv = envOf(final.body);
const cmd = execForm(final.body.findLast((i) => i.op === 'CMD')?.args ?? '');
const healthcheck = final.body.findLast((i) => i.op === 'HEALTHCHECK')?.args ?? '';
const check = execForm(healthcheck.replace(/^(--[\w-]+=\S+\s+)*CMD\s+/, ''));
if (!cmd || !check) fail('the final stage needs an exec-form CMD and HEALTHCHECK CMD');
// Docker's rule: failures within the start period do not count, then `retries` failures `interval` apart make
// the container unhealthy. Only reported: how fast a loaded CI machine starts the server is not the question.
const number = (flag, otherwise) =>
  Number(healthcheck.match(new RegExp(`--${flag}=(\\d+)s?\\b`))?.[1] ?? otherwise);
const allowance = number('start-period', 0) + number('retries', 3) * number('interval', 30);

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const env = {
  ...baseEnv,
  ...finalEnv,
  HOST: '127.0.0.1',
  PORT: String(port),
  // The image's DATA_DIR is a volume; here a throwaway folder (the embedded database, no DATABASE_URL).
  DATA_DIR: path.join(work, 'data'),
  PASSWORD_PEPPER: crypto.randomBytes(24).toString('base64'),
  SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
};
const exe = (name) => (name === 'node' ? process.execPath : name);
step(
  `CMD ${cmd.join(' ')} (${Object.entries(finalEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')})`,
);
server = spawn(exe(cmd[0]), cmd.slice(1), {
  cwd: inStage('.'),
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited;
server.on('exit', (code, signal) => (exited = code ?? signal));
const startedAt = Date.now();
// Only a guard against a server that hangs without exiting.
const hung = startedAt + 10 * 60_000;
for (;;) {
  if (exited !== undefined) fail(`the server exited (${exited}) before it was healthy`);
  const r = spawnSync(exe(check[0]), check.slice(1), { env, timeout: 60_000 });
  if (r.status === 0) break;
  if (Date.now() > hung) fail('the HEALTHCHECK did not pass within 10 minutes');
  await new Promise((r) => setTimeout(r, 500));
}
const startSeconds = Math.round((Date.now() - startedAt) / 1000);
step(
  `healthy after ${startSeconds} s${startSeconds > allowance ? ` (Docker would call it unhealthy after ${allowance} s: a slow machine, or a slow start)` : ''}`,
);
const page = await fetch(`http://127.0.0.1:${port}/`);
const html = await page.text();
if (page.status !== 200 || !html.includes('id="root"'))
  fail(`GET / answered ${page.status}, not the web app`);
step(
  `the image's CMD answers its HEALTHCHECK and serves the web app; ${Math.round((Date.now() - started) / 1000)} s in all`,
);
cleanUp();
