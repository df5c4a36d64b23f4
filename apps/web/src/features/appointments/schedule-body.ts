import type { AppointmentSchedule, ScheduleSaveBody } from '@glass/domain/contracts';
import { dateToWall, wallToDate } from './appointment-colors';

/**
 * The save body that moves a schedule's visit to `wall` ('YYYY-MM-DDTHH:mm', the facility's clock) and
 * `installerId`, keeping every other field; a loaner's expected return moves by the same amount.
 */
export function moveBody(s: AppointmentSchedule, wall: string, installerId: number): ScheduleSaveBody {
  const from = s.current?.localDateTime;
  let expectedReturnTime = s.localExpectedReturnTime;
  if (expectedReturnTime && from) {
    const delta = wallToDate(wall).getTime() - wallToDate(from).getTime();
    expectedReturnTime = dateToWall(new Date(wallToDate(expectedReturnTime).getTime() + delta));
  }
  return {
    scheduleInvoiceId: s.invoiceId,
    partTypeId: s.partTypeId,
    installerId,
    appointmentDateTime: wall,
    serviceAddress: s.serviceAddress,
    city: s.city,
    state: s.state,
    zip: s.zip,
    phone1: s.phone1,
    phone1AllowText: s.phone1AllowText,
    phone2: s.phone2,
    phone2AllowText: s.phone2AllowText,
    email: s.email,
    allowEmail: s.allowEmail,
    serviceAppointment: s.serviceAppointment,
    timeAllowed: s.timeAllowed,
    loanerCarId: s.loanerCarId,
    expectedReturnTime,
    customerIsWaiting: s.customerIsWaiting,
    customerWaitingOptionId: s.customerWaitingOptionId,
    instructions: s.instructions,
    scheduleInstructions: s.scheduleInstructions,
    latitude: s.latitude,
    longitude: s.longitude,
  };
}
