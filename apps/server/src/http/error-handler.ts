import { ERRORS } from '@titans/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/resilient-pool.ts';
import { ApiError } from './api-error.ts';
import { envelope, envelopeKindOf } from './envelope-kind.ts';
import { multipartClientStatus } from './multipart-errors.ts';

function describeValidation(
  error: { validation: Array<{ instancePath?: string; message?: string }> },
  context?: string,
) {
  const parts = error.validation.map((issue) => {
    const where = issue.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : context;
    return where ? `${where}: ${issue.message}` : (issue.message ?? 'invalid');
  });
  return `Invalid ${context ?? 'request'}: ${parts.join('; ')}`;
}

/**
 * The one error handler of the HTTP entry point. Client mistakes become the route's envelope
 * with a 4xx and a clear message; anything else is logged with context and answered with a
 * generic 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const kind = envelopeKindOf(request);
    const status =
      error instanceof ApiError ? error.status : (multipartClientStatus(error) ?? error.statusCode ?? 500);
    // A body refused for its size is usually still arriving: close the connection after the
    // answer instead of keeping a half-read request alive (it held the server's close open).
    if (status === 413) reply.header('connection', 'close');
    if (error instanceof ApiError) {
      return reply
        .status(error.status)
        .send(envelope(kind, error.status, error.data, error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeValidation(error, error.validationContext);
      return reply.status(400).send(envelope(kind, 400, null, message, 'request/invalid'));
    }
    if (status === 413) {
      return reply
        .status(413)
        .send(envelope(kind, 413, null, ERRORS['request/too-large'].message, 'request/too-large'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, __proto__ in a body, wrong content type…
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send(envelope(kind, status, null, error.message, 'request/invalid'));
    }
    if (isConnectionError(error)) {
      // The database dropped the connection and the bounded retries did not help: try again soon.
      request.log.warn({ err: error, url: request.url, method: request.method }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(envelope(kind, 503, null, ERRORS['server/unavailable'].message, 'server/unavailable'));
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply
      .status(500)
      .send(envelope(kind, 500, null, ERRORS['server/internal'].message, 'server/internal'));
  });
}
