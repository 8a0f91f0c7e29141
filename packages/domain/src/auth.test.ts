import { describe, expect, it } from 'vitest';
import { loginFailureMessage, userRoleLabel } from './auth';

describe('loginFailureMessage', () => {
  it('maps the known codes to the spec texts', () => {
    expect(loginFailureMessage({ code: 'INVALID_CREDENTIALS', error: 'x' })).toBe(
      'Incorrect username or password.',
    );
    expect(loginFailureMessage({ code: 'INACTIVE_ACCOUNT' })).toBe(
      'Your account is inactive, please contact admin.',
    );
  });

  it("otherwise shows the server's error, else detail, else 'Login failed'", () => {
    expect(loginFailureMessage({ code: 'RATE_LIMITED', error: 'Too many attempts', detail: 'd' })).toBe(
      'Too many attempts',
    );
    expect(loginFailureMessage({ detail: 'CSRF Failed' })).toBe('CSRF Failed');
    expect(loginFailureMessage({})).toBe('Login failed');
    expect(loginFailureMessage(undefined)).toBe('Login failed');
  });

  it('labels roles', () => {
    expect(userRoleLabel({ role: 'admin' })).toBe('Admin');
    expect(userRoleLabel({ role: 'office' })).toBe('Staff');
    expect(userRoleLabel({ role: 'shop' })).toBe('Shop');
  });
});
