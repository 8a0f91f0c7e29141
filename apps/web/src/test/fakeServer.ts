import { roleOfUserInput, type Role } from '@icehouse/domain';
import { TrpcTestError, trpcBatch, type FakeHandler, type TrpcProcedure } from './fakeFetch';

/**
 * A small in-memory stand-in for the server's auth and users procedures, answering the way the
 * real ones do (apps/server/src/modules/auth, users): enough for screens and guards to be tested
 * through the real tRPC and HTTP clients.
 */

export interface FakeUser {
  id: number;
  username: string;
  email: string | null;
  is_superuser: boolean;
  is_active: boolean;
  role: Role;
}

export const ADMIN: FakeUser = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  is_superuser: true,
  is_active: true,
  role: 'admin',
};
export const STAFF: FakeUser = {
  id: 2,
  username: 'staff',
  email: null,
  is_superuser: false,
  is_active: true,
  role: 'office',
};

export interface FakeServerOptions {
  /** Who is signed in when the app starts (null: nobody). */
  session?: FakeUser | null;
  users?: FakeUser[];
  /** Passwords by username; anyone else's sign-in fails with INVALID_CREDENTIALS. */
  passwords?: Record<string, string>;
  /** Replace or add procedures. */
  procedures?: Record<string, TrpcProcedure>;
}

export interface FakeServer {
  handler: FakeHandler;
  state: { session: FakeUser | null; users: FakeUser[] };
}

/** The role and admin flag a create or update gives, by the domain's rule. */
function roleFields(data: Record<string, unknown>, current?: Role): { role: Role; is_superuser: boolean } {
  const role = roleOfUserInput({ is_admin: data.is_admin === true, role: (data.role as Role | undefined) ?? null }, current) ?? 'office';
  return { role, is_superuser: role === 'admin' };
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

function publicUser(user: FakeUser): FakeUser {
  return { ...user };
}

export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  const state = {
    session: options.session ?? null,
    users: (options.users ?? [ADMIN, STAFF]).map(publicUser),
  };
  const passwords: Record<string, string> = {
    admin: 'admin-pass-1',
    staff: 'staff-pass-1',
    ...options.passwords,
  };
  let nextId = Math.max(0, ...state.users.map((u) => u.id)) + 1;
  const roleChanges: { id: number; user_id: number; username: string; from_role: Role | null; to_role: Role; changed_by: string | null; changed_at: string }[] = [];
  const recordRole = (user: FakeUser, from: Role | null) =>
    roleChanges.push({ id: roleChanges.length + 1, user_id: user.id, username: user.username, from_role: from, to_role: user.role, changed_by: state.session?.username ?? null, changed_at: '2026-11-29T15:00:00.000Z' });

  const requireSuperuser = () => {
    if (!state.session)
      throw new TrpcTestError({
        message: 'Authentication credentials were not provided.',
        code: 'UNAUTHORIZED',
      });
    if (!state.session.is_superuser) {
      throw new TrpcTestError({
        message: 'You do not have permission to perform this action.',
        code: 'FORBIDDEN',
      });
    }
  };

  const usernameTaken = (username: string, exceptId?: number) =>
    state.users.some((u) => u.username.toLowerCase() === username.toLowerCase() && u.id !== exceptId);

  const takenError = () =>
    new TrpcTestError({
      message: 'A user with that username already exists.',
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION',
      fieldErrors: { username: ['A user with that username already exists.'] },
    });

  const procedures: Record<string, TrpcProcedure> = {
    'system.status': () => ({ status: 'ok', database: 'pglite', version: '0.1.0' }),
    // The Documents lists of the invoice editor and the order form (none produced in these tests).
    'documents.forInvoice': () => ({ results: [] }),
    'documents.forOrder': () => ({ results: [] }),
    'email.log': () => ({ results: [] }),
    'email.settings': () => ({
      email_from: '',
      invoice_email_subject: '',
      invoice_email_body: '',
      bol_email_subject: '',
      bol_email_body: '',
    }),
    'auth.check': () => ({ isAuthenticated: state.session !== null, user: state.session }),
    'auth.login': (input) => {
      const { username, password } = asRecord(input);
      const user = state.users.find((u) => u.username === username);
      if (!user || passwords[user.username] !== password) {
        throw new TrpcTestError({
          message: 'Invalid username or password.',
          code: 'UNAUTHORIZED',
          appCode: 'UNAUTHORIZED',
          details: { code: 'INVALID_CREDENTIALS' },
        });
      }
      if (!user.is_active) {
        throw new TrpcTestError({
          message: 'This account is inactive.',
          code: 'UNAUTHORIZED',
          appCode: 'UNAUTHORIZED',
          details: { code: 'INACTIVE_ACCOUNT' },
        });
      }
      state.session = user;
      return { success: true, user };
    },
    'auth.logout': () => {
      state.session = null;
      return { success: true };
    },
    'users.list': () => {
      requireSuperuser();
      return [...state.users].sort((a, b) => a.username.localeCompare(b.username));
    },
    'users.create': (input) => {
      requireSuperuser();
      const data = asRecord(input);
      const username = String(data.username ?? '');
      if (usernameTaken(username)) throw takenError();
      const user: FakeUser = {
        id: nextId++,
        username,
        email: data.email ? String(data.email) : null,
        ...roleFields(data),
        is_active: data.is_active !== false,
      };
      state.users.push(user);
      recordRole(user, null);
      if (typeof data.password === 'string') passwords[username] = data.password;
      return user;
    },
    'users.update': (input) => {
      requireSuperuser();
      const { id, data: raw } = asRecord(input);
      const data = asRecord(raw);
      const user = state.users.find((u) => u.id === id);
      if (!user)
        throw new TrpcTestError({ message: 'User not found.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
      const username = String(data.username ?? '');
      if (usernameTaken(username, user.id)) throw takenError();
      const before = user.role;
      Object.assign(user, {
        username,
        email: data.email ? String(data.email) : null,
        ...roleFields(data, user.role),
        is_active: data.is_active !== false,
      });
      if (typeof data.password === 'string' && data.password !== '') passwords[username] = data.password;
      if (user.role !== before) recordRole(user, before);
      return { ...user };
    },
    'users.delete': (input) => {
      requireSuperuser();
      const { id } = asRecord(input);
      if (id === state.session?.id) {
        throw new TrpcTestError({
          message: 'You cannot delete your own account.',
          code: 'FORBIDDEN',
          appCode: 'FORBIDDEN',
        });
      }
      const index = state.users.findIndex((u) => u.id === id);
      if (index === -1)
        throw new TrpcTestError({ message: 'User not found.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
      state.users.splice(index, 1);
      // The server answers nothing (users.delete's answer is void).
      return undefined;
    },
    'users.roleChanges': () => {
      requireSuperuser();
      return [...roleChanges].reverse();
    },
    ...options.procedures,
  };

  return { handler: trpcBatch(procedures), state };
}

/** A promise whose settling the test decides: hold a call open to see the busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
