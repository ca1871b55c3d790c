import { parseArgs } from 'node:util';
import { toLocale } from '#shared-domain/locales.ts';
import type { Config } from '../config.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { loadDotEnv } from '../lib/env-file.ts';
import {
  createServiceClient,
  deleteServiceClient,
  listServiceClients,
} from '../modules/alerts/service-clients.service.ts';
import { inviteUser } from '../modules/invitations/invitations.service.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';
import { createUser, listUsers } from '../modules/users/users.service.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email <email> --name <name> --password <password>
              [--owner] [--api-access] [--company-id <id>] [--group-of <owner email>] [--unverified]
      Creates a verified user. Every user belongs to a group (an account):
        --owner             the user owns a new group (isGroupOwner)
        --group-of <email>  the user joins the group owned by <email> as a secondary user
        (neither)           the user gets a new group of their own without being its owner
        --api-access        the new group may use the developer API (apiAccess)
        --company-id <id>   company id of the new group
      Passwords: 10 to 32 characters with a digit, an uppercase and a lowercase letter.
  list-users
      Lists every user with group, owner and verification flags.
  invite --email <email> --group-of <owner email> [--language <locale>]
      Invites <email> to join the group owned by <owner email> as a secondary user, and prints the invitation
      link. The running server mails it as well (in the owner's language unless --language is given).
  create-service-client --name <name>
      Creates an OAuth client_credentials client for one of the product's own services (the monitoring backend),
      with the scope internal:write that POST /api/internal/alerts needs and no credential made on the portal can
      have. Prints its client_id and secret; the secret is shown this once (the portal keeps only its hash).
  list-service-clients
      Lists the service clients (client_id, name, created, last used); never a secret.
  delete-service-client --client-id <client_id>
      Deletes a service client; its tokens stop working at once. To rotate a secret, create a new client, move the
      service to it, then delete the old one.

Reads the same environment as the server (DATA_DIR or DATABASE_URL).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  loadDotEnv();
  const config = loadConfig();
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    if (command === 'create-user') return await createUserCommand(db, rest);
    if (command === 'list-users') return await listUsersCommand(db);
    if (command === 'invite') return await inviteCommand(db, config, rest);
    if (command === 'create-service-client') return await createServiceClientCommand(db, rest);
    if (command === 'list-service-clients') return await listServiceClientsCommand(db);
    if (command === 'delete-service-client') return await deleteServiceClientCommand(db, rest);
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

async function createUserCommand(db: Db, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      owner: { type: 'boolean', default: false },
      'api-access': { type: 'boolean', default: false },
      'company-id': { type: 'string' },
      'group-of': { type: 'string' },
      unverified: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const missing = (['email', 'name', 'password'] as const).filter((k) => !values[k]);
  if (missing.length > 0) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n\n${USAGE}`);
    return 1;
  }
  if (values.owner && values['group-of']) {
    console.error('--owner and --group-of exclude each other: a group has one owner.');
    return 1;
  }
  const user = await createUser(db, {
    email: values.email!,
    name: values.name!,
    password: values.password!,
    verified: !values.unverified,
    owner: values.owner,
    groupOfEmail: values['group-of'],
    apiAccess: values['api-access'],
    companyId: values['company-id'] ?? null,
  });
  console.log(user.id);
  return 0;
}

async function listUsersCommand(db: Db): Promise<number> {
  const users = await listUsers(db);
  if (users.length === 0) {
    console.log('No users.');
    return 0;
  }
  console.table(
    users.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      group: u.groupId,
      owner: u.isOwner,
      apiAccess: u.apiAccess,
      verified: u.verified,
      locked: u.lockedUntil !== null && u.lockedUntil > Date.now(),
    })),
  );
  return 0;
}

async function inviteCommand(db: Db, config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, 'group-of': { type: 'string' }, language: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values['group-of']) {
    console.error(`invite needs --email and --group-of\n\n${USAGE}`);
    return 1;
  }
  const owner = await findUserByEmail(db, values['group-of']);
  if (!owner?.isOwner) {
    console.error(`No group owner with email ${values['group-of']}`);
    return 1;
  }
  const invitation = await inviteUser(db, config, {
    inviter: { userId: owner.id, groupId: owner.groupId, name: owner.name, isOwner: true },
    email: values.email,
    language: toLocale(values.language),
  });
  console.log(invitation.link);
  return 0;
}

async function createServiceClientCommand(db: Db, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { name: { type: 'string' } }, strict: true });
  const name = values.name?.trim() ?? '';
  if (name === '' || name.length > 100) {
    console.error(`create-service-client needs --name (1 to 100 characters)\n\n${USAGE}`);
    return 1;
  }
  const { client, secret } = await createServiceClient(db, { name });
  // Machine-readable, one field a line, so a deployment script can take the values it stores in its secret store.
  console.log(`client_id=${client.clientId}`);
  console.log(`client_secret=${secret}`);
  console.log(`scope=${client.scope}`);
  console.error('The secret is shown this once; the portal keeps only its hash.');
  return 0;
}

async function listServiceClientsCommand(db: Db): Promise<number> {
  const clients = await listServiceClients(db);
  if (clients.length === 0) {
    console.log('No service clients.');
    return 0;
  }
  console.table(
    clients.map((c) => ({
      client_id: c.clientId,
      name: c.name,
      scope: c.scope,
      created: new Date(c.createdAt).toISOString(),
      last_used: c.lastUsedAt === null ? 'never' : new Date(c.lastUsedAt).toISOString(),
    })),
  );
  return 0;
}

async function deleteServiceClientCommand(db: Db, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'client-id': { type: 'string' } }, strict: true });
  if (!values['client-id']) {
    console.error(`delete-service-client needs --client-id\n\n${USAGE}`);
    return 1;
  }
  if (!(await deleteServiceClient(db, values['client-id']))) {
    console.error(`No service client with client_id ${values['client-id']}`);
    return 1;
  }
  console.log('Deleted.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else if (err instanceof AppError) console.error(`Error: ${err.message} (${String(err.code)})`);
    else if (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${err.message}\n\n${USAGE}`);
    } else console.error(err);
    process.exit(1);
  },
);
