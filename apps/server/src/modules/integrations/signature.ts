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
