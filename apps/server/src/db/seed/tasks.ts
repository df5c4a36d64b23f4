import { seedAppointments } from './bulk-appointments.js';
import { seedCustomers } from './bulk-customers.js';
import { seedInvoiceLines, seedInvoiceRecords } from './bulk-invoice-children.js';
import { seedInvoices } from './bulk-invoices.js';
import { seedActivityLogs, seedCallsAndTraffic } from './bulk-logs.js';
import { seedConversations, seedParkingAndAlerts } from './bulk-messaging.js';
import { seedApprovals, seedDeposits, seedLoaners } from './bulk-money.js';
import { seedServiceVehicles } from './bulk-service-vehicles.js';
import { seedServiceVehicleChildren } from './bulk-sv-children.js';
import type { SeedContext } from './context.js';

export interface SeedTask {
  name: string;
  /** Tasks whose rows this one reads. */
  deps: string[];
  run: (ctx: SeedContext, writers: string[][]) => Promise<void>;
}

/** The volume tables, in critical-path order (the runner starts the first ready task first). */
export const BULK_TASKS: SeedTask[] = [
  { name: 'customers', deps: [], run: seedCustomers },
  { name: 'service vehicles', deps: [], run: (ctx, writers) => seedServiceVehicles(ctx, writers) },
  { name: 'invoices', deps: ['customers'], run: seedInvoices },
  { name: 'invoice lines and history', deps: ['invoices'], run: seedInvoiceLines },
  { name: 'invoice records', deps: ['invoices', 'service vehicles'], run: seedInvoiceRecords },
  { name: 'appointments', deps: ['invoices'], run: seedAppointments },
  { name: 'service vehicle details', deps: ['service vehicles'], run: seedServiceVehicleChildren },
  { name: 'deposits', deps: ['invoice records'], run: seedDeposits },
  { name: 'loaners', deps: ['appointments'], run: seedLoaners },
  { name: 'approvals', deps: ['invoices'], run: seedApprovals },
  { name: 'conversations', deps: [], run: seedConversations },
  {
    name: 'parking and alerts',
    deps: ['conversations', 'invoices', 'service vehicles'],
    run: seedParkingAndAlerts,
  },
  { name: 'activity logs', deps: [], run: seedActivityLogs },
  { name: 'calls and traffic', deps: [], run: seedCallsAndTraffic },
];

/** Runs tasks with at most `workers` at a time, each once its dependencies are done. */
export function runTasks(
  tasks: SeedTask[],
  workers: number,
  runOne: (task: SeedTask) => Promise<void>,
): Promise<void> {
  const done = new Set<string>();
  const started = new Set<string>();
  let running = 0;
  let failed = false;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (failed) return;
      if (done.size === tasks.length) return resolve();
      for (const task of tasks) {
        if (running >= workers) break;
        if (started.has(task.name) || !task.deps.every((d) => done.has(d))) continue;
        started.add(task.name);
        running++;
        runOne(task).then(
          () => {
            running--;
            done.add(task.name);
            pump();
          },
          (err) => {
            failed = true;
            reject(err);
          },
        );
      }
    };
    pump();
  });
}
