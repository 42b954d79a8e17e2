/**
 * Multipart parser errors that are the client's fault but carry no HTTP status (busboy throws
 * plain Errors): a missing boundary, truncated data, a malformed part header (rules: H2).
 */
const CLIENT_MULTIPART_MESSAGES = [
  'Multipart: Boundary not found',
  'Boundary required',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'Malformed part header',
  'Unexpected end of form',
];

/** The status for a client's malformed multipart request, or undefined when the error is something else. */
export function multipartClientStatus(error: { message?: string; statusCode?: number; code?: string }) {
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return 400;
  if (error.statusCode !== undefined) return undefined;
  const message = error.message ?? '';
  return CLIENT_MULTIPART_MESSAGES.some((known) => message.includes(known)) ? 400 : undefined;
}
