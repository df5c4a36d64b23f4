export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type LiteralNode =
  | { kind: 'literal'; type: 'string' | 'date' | 'datetime' | 'guid'; value: string; pos: number }
  | { kind: 'literal'; type: 'number'; value: string; bigint: boolean; pos: number }
  | { kind: 'literal'; type: 'boolean'; value: boolean; pos: number }
  | { kind: 'literal'; type: 'null'; value: null; pos: number };

export type FilterNode =
  | LiteralNode
  | { kind: 'field'; path: string; pos: number }
  | { kind: 'call'; name: string; args: FilterNode[]; pos: number }
  | { kind: 'compare'; op: CompareOp; left: FilterNode; right: FilterNode; pos: number }
  | { kind: 'in'; left: FilterNode; items: LiteralNode[]; pos: number }
  | { kind: 'logical'; op: 'and' | 'or'; left: FilterNode; right: FilterNode; pos: number }
  | { kind: 'not'; operand: FilterNode; pos: number };

export const FILTER_LIMITS = { maxLength: 4000, maxDepth: 20, maxTerms: 200 } as const;
