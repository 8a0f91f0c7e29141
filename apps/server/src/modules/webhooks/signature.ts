import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com) signing: the secret is `whsec_` + base64 of 32 random bytes;
 * `webhook-signature: v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`, the key
 * being the secret's base64-decoded bytes.
 */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** How long a rotated-out secret still signs deliveries, beside the new one (decision 126). */
export const SECRET_GRACE_HOURS = 24;

/**
 * The `webhook-signature` header: the current secret's signature and, during the grace period after a
 * rotation, the previous secret's, space-separated (Standard Webhooks: a receiver accepts any one).
 */
export function signatureHeader(
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  id: string,
  timestamp: number,
  body: string,
  now = new Date(),
): string {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(endpoint.previousSecret);
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' ');
}
