// The three list screens share one lazy chunk (they share the row table and columns).
export { FinalizingPage } from './finalizing-page';
export { InvoicesListPage } from './list-page';
export { OutstandingInvoicesPage } from './outstanding-page';
