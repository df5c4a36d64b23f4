// What Docker reads from this repository, without Docker: the Dockerfile's instructions by stage, and the build
// context (`.dockerignore` applied the way Docker applies it). Used by lint-container.mjs and context-build.mjs.
import fs from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';

/**
 * The Dockerfile's instructions, continuation lines joined and comment lines dropped (also inside a
 * continuation, as Docker does), each as { op, args, line }.
 */
export function parseDockerfile(text) {
  const instructions = [];
  const lines = text.split('\n');
  for (let i = 0, body = '', first = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim().startsWith('#') || (!body && !line.trim())) continue;
    if (!body) first = i + 1;
    body += `${line.replace(/\\\s*$/, '')} `;
    if (!/\\\s*$/.test(line)) {
      const [word, ...rest] = body.trim().split(/\s+/);
      instructions.push({ op: word.toUpperCase(), args: rest.join(' '), line: first });
      body = '';
    }
  }
  return instructions;
}

/** The stages: { name, from, body } where body is the instructions after its FROM. */
export function stagesOf(instructions) {
  const stages = [];
  for (const x of instructions) {
    if (x.op === 'FROM') {
      const [, name] = x.args.match(/\bAS\s+(\S+)$/i) ?? [];
      stages.push({ name: name?.toLowerCase(), from: x, body: [] });
    } else stages.at(-1)?.body.push(x);
  }
  return stages;
}

/** The variables the ENV instructions among `instructions` set (the `KEY=value` form, values maybe quoted). */
export function envOf(instructions) {
  const env = {};
  for (const x of instructions.filter((i) => i.op === 'ENV'))
    for (const [, k, v] of x.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[k] = v.replace(/^"|"$/g, '');
  return env;
}

/** A JSON (exec form) argument list such as `["node", "main.js"]`, or undefined for the shell form. */
export function execForm(args) {
  if (!args.trim().startsWith('[')) return undefined;
  const list = JSON.parse(args);
  if (!Array.isArray(list) || !list.every((a) => typeof a === 'string'))
    throw new Error(`not a list of strings: ${args}`);
  return list;
}

/** The `.dockerignore` of `root` as a matcher (Docker's semantics: @balena/dockerignore ports moby's). */
export function dockerignoreOf(root) {
  const file = path.join(root, '.dockerignore');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  // Case-sensitive, as Docker on Linux (the library defaults to node-ignore's case-insensitive matching).
  return { ig: dockerignore({ ignorecase: false }).add(text), exceptions: /^\s*!/m.test(text) };
}

/**
 * Every file (and symbolic link) Docker would send as the build context of `root`, as POSIX paths relative to
 * it. Like Docker, an excluded directory is not walked unless a `!` exception could re-include something in
 * it. Docker always sends the Dockerfile and .dockerignore themselves.
 */
export function dockerContext(root) {
  const { ig, exceptions } = dockerignoreOf(root);
  const files = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!ig.ignores(child) || exceptions) walk(child);
      } else if (!ig.ignores(child) || child === 'Dockerfile' || child === '.dockerignore') files.push(child);
    }
  };
  walk('');
  return files.sort();
}
