/** Vehicles common in Houston: make, model, body style and the make's World Manufacturer Identifier. */
export const VEHICLES: readonly (readonly [make: string, model: string, body: string, wmi: string])[] = [
  ['Ford', 'F-150', 'Pickup', '1FT'], ['Ford', 'Explorer', 'SUV', '1FM'], ['Ford', 'Escape', 'SUV', '1FM'],
  ['Ford', 'Expedition', 'SUV', '1FM'], ['Ford', 'Mustang', 'Coupe', '1FA'], ['Chevrolet', 'Silverado 1500', 'Pickup', '1GC'],
  ['Chevrolet', 'Tahoe', 'SUV', '1GN'], ['Chevrolet', 'Equinox', 'SUV', '2GN'], ['Chevrolet', 'Malibu', 'Sedan', '1G1'],
  ['GMC', 'Sierra 1500', 'Pickup', '1GT'], ['GMC', 'Yukon', 'SUV', '1GK'], ['Ram', '1500', 'Pickup', '1C6'],
  ['Toyota', 'Camry', 'Sedan', '4T1'], ['Toyota', 'Corolla', 'Sedan', '5YF'], ['Toyota', 'RAV4', 'SUV', '2T3'],
  ['Toyota', 'Tacoma', 'Pickup', '3TM'], ['Toyota', 'Tundra', 'Pickup', '5TF'], ['Toyota', 'Highlander', 'SUV', '5TD'],
  ['Honda', 'Accord', 'Sedan', '1HG'], ['Honda', 'Civic', 'Sedan', '2HG'], ['Honda', 'CR-V', 'SUV', '2HK'],
  ['Honda', 'Pilot', 'SUV', '5FN'], ['Nissan', 'Altima', 'Sedan', '1N4'], ['Nissan', 'Rogue', 'SUV', '5N1'],
  ['Nissan', 'Sentra', 'Sedan', '3N1'], ['Jeep', 'Grand Cherokee', 'SUV', '1C4'], ['Jeep', 'Wrangler', 'SUV', '1C4'],
  ['Hyundai', 'Elantra', 'Sedan', '5NP'], ['Hyundai', 'Tucson', 'SUV', 'KM8'], ['Kia', 'Sorento', 'SUV', '5XY'],
  ['Kia', 'Forte', 'Sedan', '3KP'], ['Tesla', 'Model 3', 'Sedan', '5YJ'], ['Tesla', 'Model Y', 'SUV', '7SA'],
  ['BMW', 'X5', 'SUV', '5UX'], ['Mercedes-Benz', 'GLE 350', 'SUV', '4JG'], ['Lexus', 'RX 350', 'SUV', '2T2'],
  ['Subaru', 'Outback', 'Wagon', '4S4'], ['Volkswagen', 'Jetta', 'Sedan', '3VW'], ['Dodge', 'Durango', 'SUV', '1C4'],
  ['Chevrolet', 'Suburban', 'SUV', '1GN'],
];

export const COLORS = ['White', 'Black', 'Silver', 'Gray', 'Blue', 'Red', 'Brown', 'Green', 'Beige', 'Gold'];

/** Model-year codes (VIN position 10) from 2008 on. */
export const YEAR_CODES = '89ABCDEFGHJKLMNPRSTVWXY';
export const FIRST_MODEL_YEAR = 2008;

/** VIN characters (no I, O, Q) and the transliteration table of the check digit. */
export const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
export const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
export const VIN_LETTER_VALUES = '12345678123457923456789';
export const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const REPAIR_LOCATIONS = ['Driver side lower', 'Passenger side lower', 'Center', 'Driver side upper', 'Passenger side upper', 'Near edge'];
