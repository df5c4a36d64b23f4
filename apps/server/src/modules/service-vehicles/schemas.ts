/**
 * Request shapes of the service vehicle routes. They live in the domain contract
 * (`@glass/domain/contracts/service-vehicles`), which the web forms validate with too; the names here
 * are the ones the routes and services use.
 */
export {
  type QuoteInput,
  quickQuoteBody,
  quickQuoteUpdateBody,
  roStatusIdSchema,
  type SvCreateInput as CreateInput,
  type SvPatchInput as PatchInput,
  sourceIdSchema,
  svCreateBody as createBody,
  svPatchBody as patchBody,
  svThumbBody as thumbBody,
} from '@glass/domain/contracts/service-vehicles';
export { idParams } from '@glass/domain/contracts/common';
