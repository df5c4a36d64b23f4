/**
 * The work flow rules live in the domain (`packages/domain/src/rules/invoice-workflow.ts`), where the
 * invoice header builds its buttons from the same `allowedActions`; every write here checks
 * `transitionProblem` (README.md "Work flow").
 */
export { finalizedProblem, type InvoiceState, transitionProblem } from '@glass/domain/rules/invoice-workflow';
