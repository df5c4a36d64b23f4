/** Fixed pick lists and settings of the demo chain. Ids are explicit: screens and rules refer to some. */
export const BRANDS = [
  { id: 1, name: 'Lone Star Auto Glass', shortName: 'LSAG', parentId: null },
  { id: 2, name: 'Gulf Coast Windshield Repair', shortName: 'GCWR', parentId: null },
  { id: 3, name: 'Bayou City Glass', shortName: 'BCG', parentId: 1 },
];

/** Five facilities around the default map position (29.940498, -95.522003), north-west Houston. */
export const FACILITIES = [
  { id: 1, code: '101', name: 'Lone Star Auto Glass Willowbrook', shortName: 'Willowbrook', brandId: 1, didPhone: '2818944520', taxRate: '0.0825', address: '17515 Tomball Pkwy', city: 'Houston', zip: '77064', latitude: 29.960712, longitude: -95.546631 },
  { id: 2, code: '102', name: 'Lone Star Auto Glass Cypress', shortName: 'Cypress', brandId: 1, didPhone: '2813731190', taxRate: '0.0825', address: '11910 Barker Cypress Rd', city: 'Cypress', zip: '77433', latitude: 29.919743, longitude: -95.647512 },
  { id: 3, code: '103', name: 'Gulf Coast Windshield Repair Champions', shortName: 'Champions', brandId: 2, didPhone: '2815832267', taxRate: '0.0825', address: '5310 FM 1960 Rd W', city: 'Houston', zip: '77069', latitude: 29.967620, longitude: -95.527041 },
  { id: 4, code: '104', name: 'Gulf Coast Windshield Repair Jersey Village', shortName: 'Jersey Village', brandId: 2, didPhone: '7134661832', taxRate: '0.0825', address: '16802 Northwest Fwy', city: 'Jersey Village', zip: '77040', latitude: 29.892055, longitude: -95.562170 },
  { id: 5, code: '105', name: 'Bayou City Glass Katy', shortName: 'Katy', brandId: 3, didPhone: '3462987710', taxRate: '0.0825', address: '21480 Katy Fwy', city: 'Katy', zip: '77450', latitude: 29.784537, longitude: -95.752470 },
];

export const DISPOSITIONS = ['Left Voicemail', 'No Answer', 'Customer Will Call Back', 'Scheduled', 'Declined - Price', 'Declined - Insurance', 'Wrong Number', 'Sold - Repair', 'Sold - Replacement', 'Dealer Declined'];
export const LOST_REASONS = ['Price Too High', 'Went To Competitor', 'Insurance Denied', 'Customer Unreachable', 'Vehicle Sold', 'Dealer Declined', 'Duplicate Record', 'Damage Too Large'];
export const CUSTOMER_WAITING_OPTIONS = ['Waiting', 'Drop Off', 'Mobile Service', 'Shuttle', 'Loaner Car'];
export const LOANER_CAR_TYPES = ['Compact', 'Sedan', 'SUV', 'Pickup', 'Minivan'];
export const MATERIALS = ['Repair Resin', 'Pit Filler', 'Urethane Adhesive', 'Glass Primer', 'Pinchweld Primer', 'Windshield Molding', 'Cowl Clips', 'Rain Sensor Gel Pad', 'Mirror Button Adhesive', 'Glass Cleaner', 'Razor Blades', 'Setting Blocks'];
export const REPLACEMENT_PART_STATUSES = ['Needed', 'Ordered', 'Backordered', 'Received', 'Installed', 'Returned'];
export const PART_GRADES = ['OEM', 'OEE', 'Aftermarket'];
/** Part type 1 is the chip repair; the rest are glass replacements. */
export const PART_TYPES = ['Repair', 'Windshield', 'Back Glass', 'Door Glass', 'Quarter Glass', 'Vent Glass', 'Sunroof'];
export const WINDSHIELD_ACCESSORIES: readonly (readonly [name: string, price: string, calibration: boolean])[] = [
  ['ADAS Camera Bracket', '45.00', true], ['Acoustic Interlayer', '60.00', false], ['Antenna', '25.00', false],
  ['Heads-Up Display', '180.00', false], ['Heated Wiper Park', '55.00', false], ['Humidity Sensor', '40.00', false],
  ['Lane Departure Camera', '95.00', true], ['Rain Sensor', '35.00', false], ['Rearview Mirror Button', '8.00', false],
  ['Solar Tint Band', '30.00', false], ['Third Visor Frit', '20.00', false], ['Forward Collision Camera', '120.00', true],
];

export const OBJECT_NAMES = ['User', 'Facility', 'Invoice', 'ServiceVehicle', 'Page'];
export const ATTRIBUTE_TYPES: readonly (readonly [name: string, dataType: string])[] = [
  ['Text', 'string'], ['Number', 'number'], ['Boolean', 'boolean'], ['Date', 'date'], ['List', 'list'],
];

/** Message groups 1..8; 6 is the system group every user-facing list leaves out. */
export const MESSAGE_GROUPS: readonly (readonly [name: string, description: string, roles: number[]])[] = [
  ['Service Writers', 'Service writers and advisors at the service drive', [2, 4]],
  ['Technicians', 'Lead and repair technicians', [3, 5]],
  ['Managers', 'Facility managers and system admins', [1, 2]],
  ['Admin Assistants', 'Office: invoices, scheduling, deposits', [4]],
  ['Parts', 'Replacement glass orders and receiving', [2, 4]],
  ['System', 'System notifications (not user selectable)', []],
  ['Installers', 'Mobile installers on the road', []],
  ['Call Center', 'Call-centre staff and follow-ups', [4, 6]],
];

export const CALL_QUERY_CATEGORIES: readonly (readonly [name: string, queries: readonly (readonly [string, string])[]])[] = [
  // The queries' criteria over service vehicles (CallQueryCriteria, packages/domain/src/contracts/call-center.ts).
  ['Follow Ups', [['Due today', '{"followUp":"due"}'], ['Overdue', '{"followUp":"overdue"}']]],
  ['Pending Invoices', [['No contact yet', '{"noContactYet":true}'], ['Call-ins', '{"sourceIds":[5]}']]],
  ['Service Drive', [['Ready to call', '{"priorities":[1,2,3,4]}'], ['Ready for parts', '{"kind":"replacement","priorities":[2,4]}']]],
];
