import { z } from 'zod';

/** The OData query options, documented in OpenAPI; the engine itself validates their contents. */
export const odataQuerySchema = z
  .object({
    $filter: z.string().optional(),
    $orderby: z.string().optional(),
    $top: z.string().optional(),
    $skip: z.string().optional(),
    $count: z.string().optional(),
    $select: z.string().optional(),
    $expand: z.string().optional(),
  })
  .passthrough();
