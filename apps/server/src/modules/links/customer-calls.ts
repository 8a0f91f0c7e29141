import type { FastifyRequest } from 'fastify';
import { CUSTOMER_LINK_HEADER, type LinkCaller } from './links';

/**
 * What every call a customer makes through a link shares (decision 161): public, REST only, the token in a
 * header, the same refusals. Each linked document declares its own calls with these.
 */
export const CUSTOMER_LINKS_TAG = 'Customer links';

export const tokenHeader = {
  name: 'X-Customer-Link',
  description: 'The token of the customer link (the part of its URL after #). Missing, wrong or tampered -> 404.',
  schema: { type: 'string' },
};

export const callerOf = (req: FastifyRequest): LinkCaller => {
  const header = req.headers[CUSTOMER_LINK_HEADER];
  return {
    token: Array.isArray(header) ? header[0] : header,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  };
};

export const refusals = {
  403: 'The link was revoked or has expired',
  404: 'No such link (wrong or tampered token), or the link is for another document',
  429: 'Too many calls through links from this address',
};
