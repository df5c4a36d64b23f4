/**
 * Patch payloads, spec 1 §5 and spec 2 §5: only changed fields are sent, nothing when nothing
 * changed; any nested id must be a finite number greater than -1; a missing id with changes throws.
 *
 * Choices where the spec is silent:
 * - Only keys present in `edited` are compared: a form that leaves a key out did not edit it.
 * - Arrays are compared by value and, when different, sent whole (servers replace lists).
 * - A changed nested object becomes a partial object that keeps its `id`, so the server knows which
 *   related row the change is for. An object replacing null (or the reverse) is sent whole.
 * - Ids are validated in what is sent (nested objects and array items of the patch); unchanged
 *   parts are not sent, so their ids do not matter. Nested objects without an `id` key are values
 *   (an address, vehicle details) and need none.
 * - The record's own id goes in the URL, so the returned patch does not repeat it at the top level.
 */
import { patchInvalidId, patchMissingId } from '../messages/patch.js';
import { deepEqual, isPlainObject } from './deep-equal.js';

export type PatchOf<T> = T extends readonly unknown[]
  ? T
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T]?: PatchOf<T[K]> }
      : T;

type Obj = Record<string, unknown>;

export function isValidPatchId(id: unknown): id is number {
  return typeof id === 'number' && Number.isFinite(id) && id > -1;
}

function diffObject(original: Obj, edited: Obj, nested: boolean): Obj | undefined {
  const out: Obj = {};
  let changed = false;
  for (const key of Object.keys(edited)) {
    if (key === 'id' && !nested) continue;
    const before = original[key];
    const after = edited[key];
    if (key !== 'id' && isPlainObject(before) && isPlainObject(after)) {
      const sub = diffObject(before, after, true);
      if (sub) {
        out[key] = sub;
        changed = true;
      }
    } else if (!deepEqual(before, after)) {
      out[key] = after;
      changed = true;
    }
  }
  if (!changed) return undefined;
  if (nested && 'id' in edited) return { id: edited.id, ...out };
  return out;
}

function assertNestedIds(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) assertNestedIds(item, `${path}[${i}]`);
    return;
  }
  if (!isPlainObject(value)) return;
  if ('id' in value && !isValidPatchId(value.id)) throw new Error(patchInvalidId(`${path}.id`, value.id));
  for (const [key, child] of Object.entries(value))
    if (key !== 'id') assertNestedIds(child, `${path}.${key}`);
}

export function patchDiff<T extends object>(original: T, edited: T): PatchOf<T> | undefined {
  const before = original as Obj;
  const after = edited as Obj;
  const diff = diffObject(before, after, false);
  if (!diff) return undefined;

  const id = after.id ?? before.id;
  if (id === undefined || id === null) throw new Error(patchMissingId());
  if (!isValidPatchId(id)) throw new Error(patchInvalidId('id', id));
  for (const [key, child] of Object.entries(diff)) assertNestedIds(child, key);
  return diff as PatchOf<T>;
}
