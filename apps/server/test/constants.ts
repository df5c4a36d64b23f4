/** Test-only settings: a cheap scrypt cost keeps the suite fast; production uses the OWASP cost. */
export const TEST_PEPPER = 'test-pepper';
export const TEST_SCRYPT_COST = 1024;
export const TEST_SEED_SCALE = Number(process.env.TEST_SEED_SCALE ?? 0.1);

export const DEMO = {
  admin: { userName: '101', password: '258036' },
  manager: { userName: '102', password: '369147' },
  leadTech: { userName: '103', password: '471582' },
  adminAssistant: { userName: '104', password: '582693' },
  repairTech: { userName: '105', password: '693704' },
  reviewer: { userName: '106', password: '704815' },
} as const;
