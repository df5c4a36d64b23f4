import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface TestFile {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body as the browser sends it (built by the platform's FormData). */
export async function formPost(
  fields: Record<string, string | number | (string | number)[]>,
  file?: TestFile,
) {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of [value].flat()) fd.append(name, String(v));
  if (file)
    fd.append(
      file.field ?? 'AttachedImage',
      new Blob([new Uint8Array(file.data)], { type: file.type }),
      file.name,
    );
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

/** Points the app's file store at a fresh temporary directory (tests must not write into ./data). */
export function useTempDataDir(app: App): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-files-'));
  app.deps.config.dataDir = dir;
  return dir;
}

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

/**
 * A bearer token for a seeded user, made by the session store rather than the login route: on a shared
 * PostgreSQL database another file's throttling test may have locked an account for 15 minutes.
 */
export async function tokenFor(app: App, who: { userName: string }): Promise<string> {
  const [user] = await app.deps.db.rows<{ id: number }>(
    sql`select id from users where user_name = ${who.userName}`,
  );
  return (await app.deps.sessions.create(user.id, { ip: '127.0.0.1' })).token;
}
