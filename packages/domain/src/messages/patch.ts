/** Thrown (not shown) errors of the patch rule, spec 1 §5 "Patch payloads"; the spec gives no wording. */
export const patchMissingId = () => 'Cannot build a patch: the record has changes but no id';
export const patchInvalidId = (path: string, id: unknown) =>
  `Cannot build a patch: ${path} must be a finite number greater than -1, got ${JSON.stringify(id) ?? String(id)}`;
