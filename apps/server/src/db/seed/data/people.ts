/** Names for customers and employees: a Houston-like mix. */
export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Ashley',
  'Donald', 'Kimberly', 'Steven', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kevin', 'Carol',
  'Brian', 'Amanda', 'Jose', 'Maria', 'Juan', 'Guadalupe', 'Luis', 'Rosa', 'Carlos', 'Ana',
  'Jesus', 'Veronica', 'Miguel', 'Claudia', 'Alejandro', 'Adriana', 'Minh', 'Linh', 'Tuan', 'Thu',
  'Raj', 'Priya', 'Olumide', 'Ngozi', 'Tyrone', 'Latoya', 'DeShawn', 'Keisha', 'Hector', 'Yesenia',
  'Ryan', 'Megan', 'Tyler', 'Brittany', 'Jacob', 'Rachel', 'Ethan', 'Lauren', 'Nathan', 'Hannah',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Tran', 'Le', 'Pham', 'Vo', 'Patel', 'Shah', 'Okafor', 'Adeyemi', 'Castillo', 'Vasquez',
  'Guerrero', 'Mendoza', 'Morales', 'Ortiz', 'Reyes', 'Cruz', 'Gutierrez', 'Chavez', 'Ramos', 'Ruiz',
  'Washington', 'Brooks', 'Price', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman', 'Jenkins',
  'Perry', 'Powell', 'Long', 'Patterson', 'Hughes', 'Butler', 'Simmons', 'Foster', 'Bryant', "O'Neal",
];

/** Houston area codes. */
export const AREA_CODES = ['713', '281', '832', '346'];

/** Streets, cities and ZIPs of north-west Houston and its suburbs. */
export const STREETS = [
  'Jones Rd', 'Louetta Rd', 'Cypress Creek Pkwy', 'FM 1960 Rd W', 'Champion Forest Dr', 'Kuykendahl Rd',
  'Spring Cypress Rd', 'Huffmeister Rd', 'Barker Cypress Rd', 'Fry Rd', 'Telge Rd', 'Eldridge Pkwy',
  'Gessner Rd', 'Tanner Rd', 'Hempstead Rd', 'West Rd', 'Windfern Rd', 'Perry Rd', 'Steubner Airline Rd',
  'Ella Blvd', 'Antoine Dr', 'Veterans Memorial Dr', 'Mason Rd', 'Westheimer Pkwy', 'Greenhouse Rd',
  'Grant Rd', 'Northpointe Blvd', 'Lakewood Forest Dr', 'Willow Chase Blvd', 'Breckenridge Dr',
];

export const CITIES: readonly (readonly [city: string, zip: string])[] = [
  ['Houston', '77064'], ['Houston', '77070'], ['Houston', '77065'], ['Houston', '77069'], ['Houston', '77086'],
  ['Houston', '77040'], ['Houston', '77041'], ['Houston', '77095'], ['Houston', '77084'], ['Houston', '77068'],
  ['Cypress', '77429'], ['Cypress', '77433'], ['Spring', '77379'], ['Spring', '77388'], ['Tomball', '77375'],
  ['Katy', '77449'], ['Katy', '77450'], ['Jersey Village', '77040'], ['Humble', '77338'], ['Klein', '77379'],
];

export const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'att.net', 'comcast.net'];
