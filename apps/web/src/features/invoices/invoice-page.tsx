import { RecordScreen } from '../../shell/record-screen';

/** /invoices/:id — title 'Invoice: {id}' (spec 1 §2); the detail screen is later work. */
export function InvoicePage() {
  return <RecordScreen route="/invoices/:id" />;
}
