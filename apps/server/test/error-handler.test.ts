import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/http/api-error.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';

function build() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/explode', async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
  app.get('/explode-success', { config: { envelope: 'success' } }, async () => {
    throw new Error('secret');
  });
  app.get('/refuse', async () => {
    throw new ApiError('boost/max-level');
  });
  app.post('/strict', { schema: { body: z.strictObject({ name: z.string() }) } }, async () => ({ ok: true }));
  return app;
}

describe('the HTTP error handler', () => {
  it('answers a 5xx with a generic envelope that leaks nothing', async () => {
    const response = await build().inject({ method: 'GET', url: '/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      data: null,
      message: 'Internal server error',
      error: 'server/internal',
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('keeps the route envelope kind ({success, data, message}) on errors', async () => {
    const response = await build().inject({ method: 'GET', url: '/explode-success' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, data: null, message: 'Internal server error' });
  });

  it('maps an ApiError to its status, code and message', async () => {
    const response = await build().inject({ method: 'GET', url: '/refuse' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, error: 'boost/max-level' });
  });

  it('rejects unknown body fields and wrong types with a readable 400, without coercion', async () => {
    const app = build();
    const unknown = await app.inject({ method: 'POST', url: '/strict', payload: { name: 'a', coins: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Invalid body/);
    const coerced = await app.inject({ method: 'POST', url: '/strict', payload: { name: 5 } });
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().message).toContain('name');
    const malformed = await app.inject({
      method: 'POST',
      url: '/strict',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, error: 'request/invalid' });
  });
});
