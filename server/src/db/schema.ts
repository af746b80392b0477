import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person's account. Sign-in names live in user_contacts. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** argon2id PHC string; null for accounts that signed up through Google/Facebook. */
    passwordHash: text('password_hash'),
    birthdate: date('birthdate'),
    gender: smallint('gender'),
    identification: text('identification'),
    maritalStatus: smallint('marital_status'),
    languageId: text('language_id').notNull().default('vi-VN'),
    timezone: text('timezone').notNull().default('Asia/Saigon'),
    bio: text('bio'),
    avatar: text('avatar'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account is deleted; personal data is cleared at that moment. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set while an operator has suspended the account (migration 0021_admin.sql): sign-in refused. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  // Children waiting for a guardian are looked for by birth date (migration 0030_children_waiting.sql).
  (t) => [
    index('users_birthdate_live_idx').on(t.birthdate).where(sql`${t.deletedAt} is null and ${t.birthdate} is not null`),
  ],
);

/** E-mails (type 2) and phones (type 1) of a user; confirmed ones that allow login are sign-in names. */
export const userContacts = pgTable(
  'user_contacts',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** Normalised: e-mails lower-case, phones digits only. */
    value: text('value').notNull(),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    allowLogin: boolean('allow_login').notNull().default(true),
    createdAt: createdAt(),
    /**
     * When the account pages confirmed it (add and verify, activate, change); null for the
     * addresses the account began with. A second sign-in step never goes to an address confirmed
     * within SECOND_STEP_ADDRESS_MIN_AGE (server/src/modules/two-factor).
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('user_contacts_user_idx').on(t.userId),
    // A confirmed e-mail or phone belongs to one account only.
    uniqueIndex('user_contacts_confirmed_value_uq').on(t.type, t.value).where(sql`${t.isConfirmed}`),
    uniqueIndex('user_contacts_user_value_uq').on(t.userId, t.type, t.value),
    // At most one primary e-mail and one primary phone per user, even under racing requests.
    uniqueIndex('user_contacts_one_primary_uq').on(t.userId, t.type).where(sql`${t.isPrimary}`),
  ],
);

/** Claims of a user beyond the users columns: default language/time zone, social links, recovery ways. */
export const userClaims = pgTable(
  'user_claims',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimType: text('claim_type').notNull(),
    claimValue: text('claim_value').notNull(),
    createdAt: createdAt(),
    /** When a code sent to the value confirmed it (recovery ways); null: never. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  // Every claim type in use is single-valued per user.
  (t) => [
    uniqueIndex('user_claims_user_type_uq').on(t.userId, t.claimType),
    index('user_claims_type_value_idx').on(t.claimType, t.claimValue),
    // A provider's account links to one Portico account (migration 0011_external_links.sql).
    uniqueIndex('user_claims_link_uq')
      .on(t.claimType, t.claimValue)
      .where(sql`${t.claimType} in ('google_link', 'facebook_link', 'zalo_link')`),
  ],
);

/** Everything oidc-provider stores (sessions, grants, codes, tokens, interactions), one row per model instance. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The local outbox: every e-mail and SMS when no real transport is configured. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.id)],
);

/**
 * One-time codes of every flow (login, register, forgot password, two-factor, contact changes).
 * One live code per purpose, address and account; only its HMAC is stored.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** Normalised e-mail or phone the code was sent to. */
    target: text('target').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Start of the resend cooldown. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // One live code per purpose, address and account (server/src/modules/verification/queries.ts), so one
  // account's wrong tries or resends never touch the code another account asked for.
  (t) => [unique('verification_codes_purpose_target_user_uq').on(t.purpose, t.target, t.userId).nullsNotDistinct()],
);

/**
 * A multi-step flow as one stored record (server/src/modules/flows/index.ts): register, forgot
 * password, change password, contact change/activate, and later two-step sign-in and approvals.
 * Its state moves only along the kind's table (server/src/modules/flows/kinds.ts).
 */
export const flows = pgTable(
  'flows',
  {
    /** Random and unguessable; internal (the client holds a step secret, not the id). */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    /** The account the flow is for; null while none is known (registration, a name no account has). */
    subject: text('subject').references(() => users.id, { onDelete: 'cascade' }),
    /** What it is about, normalised: an e-mail, a phone, a username; '' when nothing. */
    target: text('target').notNull().default(''),
    /** The subject as a key of the live-flow index: NULL would never collide there. */
    subjectKey: text('subject_key').notNull().generatedAlwaysAs(sql`coalesce(subject, '')`),
    /** SHA-256 of the step secret the client holds now (a registration or reset token); null when none. */
    secretHash: text('secret_hash'),
    /** SHA-256 of what ties the flow to one browser (an interaction uid, a cookie-held secret); null when unbound. */
    binding: text('binding'),
    data: jsonb('data').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One unfinished flow per kind, target and subject among those found by their target (no
    // secret given out yet): starting one replaces the other in the same statement. A flow whose
    // client holds a secret is found by it, and a new start does not take it away.
    uniqueIndex('flows_live_uq')
      .on(t.kind, t.target, t.subjectKey)
      .where(sql`${t.state} <> 'done' and ${t.secretHash} is null`),
    uniqueIndex('flows_secret_uq').on(t.secretHash),
    index('flows_subject_idx').on(t.subject),
    index('flows_kind_target_idx').on(t.kind, t.target),
    index('flows_expires_idx').on(t.expiresAt),
  ],
);

/** A browser or app a user signed in from, tied to the provider session it started. */
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** oidc-provider Session uid; known once the browser resumes the authorization. */
    sessionUid: text('session_uid'),
    /** The interaction the sign-in completed, used to find this row when the session appears. */
    interactionUid: text('interaction_uid'),
    /** 1 desktop, 2 phone. */
    deviceType: smallint('device_type').notNull(),
    deviceName: text('device_name').notNull().default(''),
    browser: text('browser').notNull().default(''),
    ip: text('ip').notNull().default(''),
    region: text('region'),
    loginTime: timestamp('login_time', { withTimezone: true }).notNull().defaultNow(),
    lastActionTime: timestamp('last_action_time', { withTimezone: true }).notNull().defaultNow(),
    loggedOutAt: timestamp('logged_out_at', { withTimezone: true }),
    /** How the sign-in was made (password, otp, token, google, facebook, zalo); null before 0011. */
    signInMethod: text('sign_in_method'),
  },
  (t) => [
    index('devices_user_idx').on(t.userId, t.loginTime),
    index('devices_session_idx').on(t.sessionUid),
    index('devices_interaction_idx').on(t.interactionUid),
  ],
);

/**
 * The browsers an account has signed in from (issue 32 point 6): the SHA-256 of the random key in
 * a browser's `portico_browser` cookie. Its first row for an account is what makes a sign-in "from a
 * new browser" (server/src/modules/devices/known-browsers.ts); the primary key makes that once.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyHash] }), index('known_browsers_last_seen_idx').on(t.lastSeenAt)],
);

/**
 * A passkey (issue 32 point 1, server/src/features/passkeys): a WebAuthn credential, found by its
 * id (base64url) when an authenticator answers a sign-in challenge.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** singleDevice or multiDevice (synced), as the authenticator said at registration. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId, t.createdAt)],
);

/** What happened to an account: a message key and its parameters, rendered in the reader's language. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    params: jsonb('params').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('activity_logs_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Two-step verification of a user (spec account §2 Two-step verification page, §4): the
 * authenticator secret in use, the one being set up (kept apart so a new setup never breaks the
 * working one before its first code), both AES-256-GCM encrypted (server/src/modules/two-factor/secret.ts).
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  pendingSince: timestamp('pending_since', { withTimezone: true }),
  /** The last accepted TOTP time step: only a later one is accepted (no replay of a code). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a user's two-step verification; only their HMAC is stored. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_uq').on(t.userId, t.codeHash)],
);

/**
 * Browsers where a user chose "remember this device" at the second sign-in step: the signed
 * cookie names a row here, so forgetting (the devices page, a password change or reset, two-step
 * turned off or reset, log out everywhere) is deleting rows, seen by every server copy at once.
 */
export const rememberedBrowsers = pgTable(
  'remembered_browsers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 desktop, 2 phone (as devices.device_type). */
    deviceType: smallint('device_type').notNull(),
    deviceName: text('device_name').notNull().default(''),
    browser: text('browser').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('remembered_browsers_user_idx').on(t.userId)],
);

/** Something shown right after sign-in when the login URL carries campaignId. */
export const campaigns = pgTable('campaigns', {
  id: serial('id').primaryKey(),
  /** 1 go to the URL in data, 2 show data as an HTML popup (sanitized on write). */
  action: smallint('action').notNull(),
  data: text('data').notNull(),
  active: boolean('active').notNull().default(true),
  /** The console's name for it (migration 0024_campaigns.sql), and its window: shown between the two, either open. */
  name: text('name').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** A product area whose notifications a person can set (issue 28 point 5; migration 0013_notification_settings.sql). */
export const notificationBlocks = pgTable('notification_blocks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  titleVi: text('title_vi').notNull(),
  titleEn: text('title_en').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A block's own name and logo per language, shown on the public pages (issue 31; migration 0023_branding.sql). */
export const brandings = pgTable('brandings', {
  blockId: text('block_id')
    .primaryKey()
    .references(() => notificationBlocks.id, { onDelete: 'cascade' }),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en'),
  logoVi: text('logo_vi'),
  logoEn: text('logo_en'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A kind of notification, in a block or general (no block); one per name in each. */
export const notificationModules = pgTable(
  'notification_modules',
  {
    id: serial('id').primaryKey(),
    blockId: text('block_id').references(() => notificationBlocks.id, { onDelete: 'cascade' }),
    /** The block id, '' for general: the unique key's part (a null would not collide). */
    blockKey: text('block_key').notNull().generatedAlwaysAs(sql`coalesce(block_id, '')`),
    moduleName: text('module_name').notNull(),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    /** The channels of a person who never chose. */
    defaultEmail: boolean('default_email').notNull().default(true),
    defaultWeb: boolean('default_web').notNull().default(true),
    defaultApp: boolean('default_app').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_modules_key_uq').on(t.blockKey, t.moduleName)],
);

/** A person's channels for a module, once chosen. */
export const notificationChoices = pgTable(
  'notification_choices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => notificationModules.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull(),
    web: boolean('web').notNull(),
    app: boolean('app').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] })],
);

/** The address book (issue 28 point 3; migration 0014_user_addresses.sql). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    phoneNumber: text('phone_number').notNull(),
    /** 2: province and ward (since 2025-07-01); 3: province, district, ward. */
    scheme: smallint('scheme').notNull(),
    provinceCode: text('province_code').notNull(),
    /** Only in the three-tier scheme. */
    districtCode: text('district_code'),
    wardCode: text('ward_code').notNull(),
    details: text('details').notNull(),
    /** 1 house, 2 company. */
    addressType: smallint('address_type').notNull().default(1),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId),
    uniqueIndex('user_addresses_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Schools, companies and block categories profiles pick from (issue 28 point 2; migration 0015_lookups.sql). */
export const lookups = pgTable('lookups', {
  id: serial('id').primaryKey(),
  /** school, company, classification, training_industry, course_category. */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  /** The names folded for search (portico_fold: no diacritics, lower case). */
  searchKey: text('search_key').notNull().generatedAlwaysAs(sql`portico_fold(name || ' ' || coalesce(name_en, ''))`),
  /** false: retired by the back office, still read by id for the profiles that named it. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A private file (an ID image, a certificate): its owner, purpose and stored name under a random
 * id (migration 0016_private_files_and_kyc.sql; server/src/modules/files).
 */
export const privateFiles = pgTable(
  'private_files',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** kyc, certificate, export (a data archive). */
    purpose: text('purpose').notNull(),
    storedName: text('stored_name').notNull(),
    /** The name the file was uploaded with (shown, never used as a path). */
    fileName: text('file_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('private_files_user_idx').on(t.userId, t.purpose),
    // The expired data archives, found by housekeeping (migration 0028_data_archives.sql).
    index('private_files_purpose_created_idx').on(t.purpose, t.createdAt),
  ],
);

/**
 * A child's guardian and their consent (issue 32 point 4; migration 0029_guardian_consents.sql):
 * asked of `guardian` (a normalised e-mail or phone); consented with the code sent there (`method`)
 * to `text` as shown in `text_locale`, at `consented_at` from `ip`.
 */
/** When housekeeping first saw a child's account waiting for its guardian (migration 0031_guardian_waits.sql). */
export const guardianWaits = pgTable('guardian_waits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

export const guardianConsents = pgTable('guardian_consents', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  guardian: text('guardian').notNull(),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
  childAgreedAt: timestamp('child_agreed_at', { withTimezone: true }),
  consentedAt: timestamp('consented_at', { withTimezone: true }),
  method: text('method'),
  textLocale: text('text_locale'),
  text: text('text'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/** A person's identity verification: 0 not verified, 1 waiting, 2 verified, 3 refused. */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The reviewing product's client id. */
    reviewedBy: text('reviewed_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_verifications_status_idx').on(t.status, t.submittedAt)],
);

/** Named profiles (issue 28 point 1; migration 0017_user_profiles.sql): lists kept as JSON, checked by the contract. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    role: text('role').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    originalAvatar: text('original_avatar').notNull().default(''),
    blockIds: jsonb('block_ids').notNull().default([]),
    education: jsonb('education').notNull().default([]),
    experience: jsonb('experience').notNull().default([]),
    certifications: jsonb('certifications').notNull().default([]),
    references: jsonb('references').notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_profiles_user_idx').on(t.userId),
    uniqueIndex('user_profiles_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** A person's point balance (issue 30; migration 0018_points.sql): never below zero (CHECK). */
export const pointBalances = pgTable('point_balances', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One change of a person's points, made once per product and Idempotency-Key. */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    blockId: text('block_id'),
    actionName: text('action_name').notNull(),
    objectTitle: text('object_title').notNull().default(''),
    point: integer('point').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('point_entries_idempotency_uq').on(t.clientId, t.idempotencyKey),
    index('point_entries_user_idx').on(t.userId, t.id),
  ],
);

/** An order a product created for a person (issue 30; migration 0019_orders.sql). */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the creating call said (its parsed input, hashed): a retry under the key must say the same. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentGateway: text('payment_gateway'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_uq').on(t.clientId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.id),
  ],
);

/** One line of an order, as it was sold. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    blockId: text('block_id'),
    objectTypeName: text('object_type_name'),
    quantity: integer('quantity').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    discountPrice: bigint('discount_price', { mode: 'number' }),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.id)],
);

/** Each time a person set out to pay an order through a gateway, and how it ended. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the gateway was given for it (VNPay vnp_TxnRef, ZaloPay app_trans_id, MoMo orderId). */
    reference: text('reference').notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('pending'),
    gatewayTransaction: text('gateway_transaction'),
    resultCode: text('result_code'),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payment_attempts_order_idx').on(t.orderId)],
);

/** A module of the back office's tree (issue 30 point 5; migration 0020_permissions.sql). */
export const modules = pgTable('modules', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  position: integer('position').notNull().default(0),
});

/** One back-office duty: the scope of the product API's endpoints that need it. */
export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  moduleId: text('module_id')
    .notNull()
    .references(() => modules.id),
});

/** A group of permissions that people and back-office clients are members of. */
export const permissionGroups = pgTable('permission_groups', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

/** A person (`user`, a user id) or a back-office client (`client`, a client id) in a group. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
    memberKind: text('member_kind').notNull(),
    memberId: text('member_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.memberKind, t.memberId] }),
    index('group_members_member_idx').on(t.memberKind, t.memberId),
  ],
);

/** The admin actions (migration 0021_admin.sql): appended only, a trigger refuses changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id'),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetId, t.id)],
);

/** Work that runs once across copies: each job's last run (server/src/modules/housekeeping). */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  lastResult: jsonb('last_result').$type<Record<string, number>>().notNull().default({}),
});

export const schema = {
  users,
  userContacts,
  userClaims,
  oidcPayloads,
  outboxMessages,
  verificationCodes,
  flows,
  devices,
  activityLogs,
  campaigns,
  userTwoFactor,
  userRecoveryCodes,
  rememberedBrowsers,
  notificationBlocks,
  brandings,
  notificationModules,
  notificationChoices,
  userAddresses,
  lookups,
  privateFiles,
  kycVerifications,
  userProfiles,
  pointBalances,
  pointEntries,
  orders,
  orderLines,
  paymentAttempts,
  modules,
  permissions,
  permissionGroups,
  groupPermissions,
  groupMembers,
  auditLog,
  scheduledRuns,
};
