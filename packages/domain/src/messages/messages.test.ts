import { describe, expect, it } from 'vitest';
import {
  failedToChangeFacility,
  failedToFollowUpInvoice,
  failedToFollowUpServiceVehicle,
  findResultTitle,
  invoiceNotFound,
  invoiceTitle,
  serviceVehicleTitle,
} from './index.js';

describe('templated texts (spec 1 §2, §8; spec 2 §8)', () => {
  it("'failed to change facility #{id}'", () => {
    expect(failedToChangeFacility(12)).toBe('failed to change facility #12');
  });
  it('results modal titled "Find Result: N records found"', () => {
    expect(findResultTitle(0)).toBe('Find Result: 0 records found');
  });
  it("'failed to follow up invoice #{id}'; 'Failed to Follow Up Service Vehicle {id}'", () => {
    expect(failedToFollowUpInvoice(5)).toBe('failed to follow up invoice #5');
    expect(failedToFollowUpServiceVehicle(6)).toBe('Failed to Follow Up Service Vehicle 6');
  });
  it("'Invoice {id} not found or missing service vehicle'", () => {
    expect(invoiceNotFound(7)).toBe('Invoice 7 not found or missing service vehicle');
  });
  it('Title "Invoice: {id}" and "Service Vehicle: {id}"', () => {
    expect(invoiceTitle(8)).toBe('Invoice: 8');
    expect(serviceVehicleTitle(9)).toBe('Service Vehicle: 9');
  });
});
