import { z } from 'zod';
import { timestamp } from './common.js';

/** Background jobs for admins (GET /api/jobs); metrics (GET /api/metrics) answer Prometheus text, no JSON contract. */

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobsQuery = z.object({
  name: z
    .string()
    .max(100)
    .regex(/^[\w-]+$/, 'a job name: letters, digits, _ and -')
    .optional(),
  state: z.enum(JOB_STATES).optional(),
  $top: z.coerce.number().int().min(1).max(200).default(50),
});

/** One job as GET /api/jobs lists it. */
export const jobInfo = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Attempts started so far. */
  attempts: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  /** When it runs (or runs again, for a retry). */
  runAt: timestamp.nullable(),
  lastError: z.string().nullable(),
});
export type JobInfo = z.infer<typeof jobInfo>;

export const jobsResponse = z.object({ queue: z.enum(['pg-boss', 'in-process']), value: z.array(jobInfo) });
export type JobsResponse = z.infer<typeof jobsResponse>;
