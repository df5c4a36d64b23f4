import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrateDatabase, openDatabase } from './client.js';
import { SetupRefused, setupInstallation } from './setup.js';

const USAGE = `npm run setup -- --brand NAME --brand-short SHORT --facility NAME --facility-short SHORT
                 --facility-code CODE --time-zone ZONE [--state TX] [--tax-rate 0.0825]
                 --admin-user NAME --admin-first FIRST --admin-last LAST [--admin-email MAIL]
  (in production: node apps/server/dist/setup.js with the same flags)

Creates the reference data, the brand, the first facility and the first System Admin of an empty
installation, on the database the server would use (DATABASE_URL, or PGlite in DATA_DIR). The admin's
6-digit PIN is read from SETUP_ADMIN_PIN, never from the command line (it would stay in shell history).
Refused when the database already has users.`;

/** The first start of a production installation; docs/deploy.md "The first start". */
async function main() {
  const { values } = parseArgs({
    options: {
      brand: { type: 'string' },
      'brand-short': { type: 'string' },
      facility: { type: 'string' },
      'facility-short': { type: 'string' },
      'facility-code': { type: 'string' },
      'time-zone': { type: 'string' },
      state: { type: 'string' },
      'tax-rate': { type: 'string' },
      'admin-user': { type: 'string' },
      'admin-first': { type: 'string' },
      'admin-last': { type: 'string' },
      'admin-email': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(db);
    const result = await setupInstallation(
      db,
      {
        brandName: values.brand ?? '',
        brandShortName: values['brand-short'] ?? '',
        facilityName: values.facility ?? '',
        facilityShortName: values['facility-short'] ?? '',
        facilityCode: values['facility-code'] ?? '',
        timeZone: values['time-zone'] ?? '',
        state: values.state,
        taxRate: values['tax-rate'],
        adminUserName: values['admin-user'] ?? '',
        adminFirstName: values['admin-first'] ?? '',
        adminLastName: values['admin-last'] ?? '',
        adminEmail: values['admin-email'],
        adminPin: process.env.SETUP_ADMIN_PIN ?? '',
      },
      { pepper: config.passwordPepper, scryptCost: config.scryptCost },
    );
    console.log(
      `setup: done. Brand ${result.brandId}, facility ${result.facilityId}; log in as '${values['admin-user']}' with the PIN from SETUP_ADMIN_PIN.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  if (err instanceof SetupRefused) {
    console.error(err.message);
    console.error(`\n${USAGE}`);
    process.exit(2);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
