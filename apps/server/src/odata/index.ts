export { compileODataQuery } from './compile.js';
export { FILTER_LIMITS } from './filter-ast.js';
export { escapeLike, likeContains, likePrefix } from './literals.js';
export { ODataError } from './odata-error.js';
export { MAX_EXPAND_DEPTH } from './plan.js';
export { pageSize } from './plan.js';
export { MAX_OPTION_LENGTH, preferredPageSize } from './query-options.js';
export { planOnce, renderSql } from './render-sql.js';
export { buildNextLink, runODataCount, runODataQuery } from './run.js';
export type {
  CompiledQuery,
  CompileOptions,
  ODataExpand,
  ODataField,
  ODataResource,
  ODataType,
  QueryExecutor,
  RunOptions,
} from './types.js';
