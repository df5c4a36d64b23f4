import { MY_LISTS_PAGE_SIZE } from '@glass/domain';
import { PIPELINE_STAGES, type PipelineStage } from '@glass/domain/contracts/service-vehicles';
import { z } from 'zod';
import { DEFAULT_TZO } from './priority-sql.js';

/** The query of GET /api/listMyServiceVehicles and /api/listMyRequests (spec 2 §7), documented in README.md. */

/**
 * filterType of GET /api/listMyServiceVehicles (the vehicles the user created, leads as technician,
 * or has parked for them):
 * - active (default): not invoiced, lost or void
 * - all: every one, closed ones included
 * - today: follow-up date, or else created date, is today in the TZO's zone
 * - followUp: active, follow-up due by the end of today and not followed up yet
 * - ready: active and ready to call or ready for parts
 * - invoiced: an invoice was made from it
 * - closed: lost or void
 */
export const MY_FILTER_TYPES = ['active', 'all', 'today', 'followUp', 'ready', 'invoiced', 'closed'] as const;
/**
 * filterType of GET /api/listMyRequests (vehicles with a tech request, conversation class 2, that the
 * user started or received a message in):
 * - open (default): the vehicle is not invoiced, lost or void
 * - all
 * - sent: requests the user started
 * - received: requests with a message to the user
 * - unread: requests with a message to the user not read yet
 */
export const REQUEST_FILTER_TYPES = ['open', 'all', 'sent', 'received', 'unread'] as const;

const common = {
  TZO: z.coerce.number().int().min(-900).max(900).default(DEFAULT_TZO),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(MY_LISTS_PAGE_SIZE),
  userId: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(50).optional(),
  repair: z.stringbool().default(true),
  replacement: z.stringbool().default(true),
};
export const myListQuery = z.object({ ...common, filterType: z.enum(MY_FILTER_TYPES).default('active') });
export const myRequestsQuery = z.object({
  ...common,
  filterType: z.enum(REQUEST_FILTER_TYPES).default('open'),
  /** A vehicle to show first (the record a conversation was opened from). */
  recordId: z.coerce.number().int().positive().optional(),
});
/**
 * GET /api/listMyPipeline: every stage (or only `stage`), each with `take` rows from `skip`
 * (docs/decisions/0018-my-pipeline.md).
 */
export const myPipelineQuery = z.object({
  ...common,
  take: z.coerce.number().int().min(1).max(100).default(5),
  stage: z.enum(PIPELINE_STAGES.map((s) => s.stage) as [PipelineStage, ...PipelineStage[]]).optional(),
});
export type MyPipelineQuery = z.infer<typeof myPipelineQuery>;
export type MyListQuery = z.infer<typeof myListQuery>;
export type RequestsQuery = z.infer<typeof myRequestsQuery>;
