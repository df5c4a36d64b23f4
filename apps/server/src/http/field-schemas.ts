/** Request field shapes more than one area accepts (service vehicles, invoices): the domain contract's. */
export {
  idOf,
  paymentTypeIdSchema,
  phoneSchema,
  phoneTypeIdSchema,
} from '@glass/domain/contracts/field-schemas';
