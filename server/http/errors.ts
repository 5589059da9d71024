// One error shape for every API response: { error: { code, message, fields? } }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, type DomainErrorKind } from '#server/domain/errors.ts';

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorSchema>;

/** A route's error answers in the OpenAPI document: the one error shape under each status it can give. */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, errorSchema])) as Record<
    C,
    typeof errorSchema
  >;
}

const positiveId = (number: z.ZodNumber) => number.int().positive().max(Number.MAX_SAFE_INTEGER);
/** A row id in a body, such as a movie's `type_id`: a positive integer that fits a bigint column. */
export const rowId = positiveId(z.number());
/** A row id in a path, such as `/admin/movies/{id}`: the same, read from the path's text. */
export const idParam = positiveId(z.coerce.number());

/** The one place a service's failure becomes an HTTP status. */
export const DOMAIN_ERROR_STATUS = {
  not_found: 404,
  invalid: 422,
  forbidden: 403,
  conflict: 409,
  gone: 410,
  too_large: 413,
  insufficient_storage: 507,
} as const satisfies Record<DomainErrorKind, number>;

/** An error raised by the HTTP layer itself (routes, plugins); services throw DomainError instead. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Maps a Zod issue path (`['body', 'items', 0, 'name']` style) to a field name (`items.0.name`). */
function fieldName(path: string | undefined, instancePath: string, missing?: unknown) {
  const fromInstance = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const base = fromInstance || '';
  if (typeof missing === 'string' && missing) return base ? `${base}.${missing}` : missing;
  return base || path || 'body';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const keys = (issue.params as { keys?: unknown }).keys;
        if (Array.isArray(keys) && keys.length) {
          for (const key of keys)
            fields[fieldName(undefined, issue.instancePath, key)] = 'Unknown field';
          continue;
        }
        fields[fieldName(error.validationContext, issue.instancePath)] =
          issue.message ?? 'Invalid value';
      }
      return reply
        .status(422)
        .send(errorBody('validation_failed', 'Some fields are not valid.', fields));
    }
    if (error instanceof DomainError)
      return reply
        .status(DOMAIN_ERROR_STATUS[error.kind])
        .send(errorBody(error.code, error.message, error.fields));
    if (error instanceof HttpError) {
      const retryAfter = (error as HttpError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'Something went wrong on our side.' : error.message;
    const code = status >= 500 ? 'internal_error' : (error.code ?? 'bad_request').toLowerCase();
    return reply.status(status).send(errorBody(code, message));
  });
}
