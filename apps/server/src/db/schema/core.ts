import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Timestamps are stored with time zone and read as text (see db/client.ts). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  parentId: integer('parent_id').references((): any => brands.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const facilities = pgTable(
  'facilities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    didPhone: text('did_phone'),
    tzo: integer('tzo').notNull().default(300),
    /** IANA zone (migration 0009) every printed or sent date of the facility uses; tzo stays for the spec. */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    taxRate: numeric('tax_rate', { precision: 6, scale: 4 }).notNull().default('0'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    iconImageFile: text('icon_image_file'),
    logoImageFile: text('logo_image_file'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('facilities_code_uq').on(t.code), index('facilities_short_name_idx').on(t.shortName)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    userRoleId: smallint('user_role_id').notNull().default(0),
    /** The home facility: authority, set by someone above the user (decision 0016). */
    facilityId: integer('facility_id').references(() => facilities.id),
    /** The facility the user is working at (the shell's switch); null: the home facility. Never authority. */
    workingFacilityId: integer('working_facility_id').references(() => facilities.id),
    brandId: integer('brand_id').references(() => brands.id),
    isActive: boolean('is_active').notNull().default(true),
    isOnDuty: boolean('is_on_duty').notNull().default(true),
    dutyLatitude: doublePrecision('duty_latitude'),
    dutyLongitude: doublePrecision('duty_longitude'),
    dutyChangedAt: ts('duty_changed_at'),
    photo: text('photo'),
    /** Saved navigation state (last visited path and such), so it follows the user across devices. */
    stateNavigation: text('state_navigation'),
    isInstaller: boolean('is_installer').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(t.userName),
    index('users_facility_idx').on(t.facilityId),
    index('users_role_idx').on(t.userRoleId),
    index('users_last_name_idx').on(t.lastName, t.firstName),
  ],
);

/** Facilities granted to a user on top of the home facility (decision 0016); set only by someone above them. */
export const userFacilities = pgTable(
  'user_facilities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    grantedBy: integer('granted_by').references(() => users.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.facilityId] }),
    index('user_facilities_facility_idx').on(t.facilityId),
  ],
);

/** Login sessions. Only a SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    tzo: integer('tzo'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed login attempts, for per-account and per-address throttling (kept 24 h). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userName: text('user_name').notNull(),
    clientIp: text('client_ip').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.userName, t.at),
    index('login_failures_ip_idx').on(t.clientIp, t.at),
  ],
);
