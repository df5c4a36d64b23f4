import { svCreateBody } from '@glass/domain/contracts/service-vehicles';

/**
 * The request's fields behind each input (`svCreateBody`, the server's own check of POST
 * /api/ServiceVehicle): the inputs take their limits and rules from them, none written here.
 */
const BODY = svCreateBody.shape;
const VEHICLE = BODY.vehicle.unwrap().shape;
const CUSTOMER = BODY.customer.unwrap().shape;
const PHONE = CUSTOMER.contact.unwrap().shape.primaryPhone.unwrap().shape;
export const CREATE_FIELDS = {
  repairCount: BODY.repairCount,
  year: VEHICLE.year,
  make: VEHICLE.make,
  model: VEHICLE.model,
  licenseTag: VEHICLE.licenseTag,
  repairOrderNumber: BODY.repairOrder.unwrap().shape.repairOrderNumber,
  firstName: CUSTOMER.firstName,
  lastName: CUSTOMER.lastName,
  phone: PHONE.phone,
  phoneTypeId: PHONE.phoneTypeId,
} as const;
