// Services' domain errors become HTTP answers in one place: each kind its status, with the one error shape.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  Gone,
  InsufficientStorage,
  Invalid,
  NotFound,
  TooLarge,
} from '#server/domain/errors.ts';
import { HttpError, registerErrorHandling } from './errors.ts';

const app = Fastify({ logger: false });
registerErrorHandling(app);
const cases = {
  'not-found': () => new NotFound('No such user.'),
  invalid: () => Invalid.field('email', 'Enter a valid email address.'),
  'invalid-token': () => new Invalid(undefined, 'This link has expired.', 'invalid_token'),
  forbidden: () => new Forbidden('This account is banned.', 'banned'),
  conflict: () => new Conflict('last_admin', 'The last admin cannot be removed.'),
  gone: () => new Gone('This verification link has expired.', 'expired'),
  'too-large': () => new TooLarge('The file is 3 GB; the largest video this site accepts is 2 GB.'),
  'no-space': () => new InsufficientStorage('The server has 1 GB free.'),
  http: () => new HttpError(418, 'teapot', 'Short and stout.'),
};
for (const [name, make] of Object.entries(cases))
  app.get(`/${name}`, async () => {
    throw make();
  });
afterAll(() => app.close());

const answer = async (name: keyof typeof cases) => {
  const response = await app.inject({ method: 'GET', url: `/${name}` });
  return { status: response.statusCode, body: response.json() };
};

describe('the error handler', () => {
  it('gives each kind of domain error its status, code, message and fields', async () => {
    expect(await answer('not-found')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'No such user.' } },
    });
    expect(await answer('invalid')).toEqual({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: { email: 'Enter a valid email address.' },
        },
      },
    });
    expect(await answer('invalid-token')).toEqual({
      status: 422,
      body: { error: { code: 'invalid_token', message: 'This link has expired.' } },
    });
    expect((await answer('forbidden')).status).toBe(403);
    expect((await answer('conflict')).body.error.code).toBe('last_admin');
    expect(await answer('gone')).toEqual({
      status: 410,
      body: { error: { code: 'expired', message: 'This verification link has expired.' } },
    });
    expect(await answer('too-large')).toMatchObject({
      status: 413,
      body: { error: { code: 'too_large' } },
    });
    expect(await answer('no-space')).toMatchObject({
      status: 507,
      body: { error: { code: 'insufficient_storage' } },
    });
  });

  it('still answers the HTTP layer’s own errors as they are', async () => {
    expect(await answer('http')).toEqual({
      status: 418,
      body: { error: { code: 'teapot', message: 'Short and stout.' } },
    });
  });
});
