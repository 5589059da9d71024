// The validator of every route schema (fastify-type-provider-zod's), with the one rule all text input shares: a
// string must be storable as sent. PostgreSQL text cannot hold U+0000 (the query fails: a 500 where a 422 belongs),
// and node-postgres silently turns a lone surrogate into U+FFFD; both are refused here, naming the field.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// With the u flag a surrogate pair is one code point: only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be stored as sent, or undefined when it can. */
export function unstorableText(value: string) {
  if (value.includes('\u0000')) return 'Remove the NUL character (U+0000).';
  if (LONE_SURROGATE.test(value)) return 'Use valid Unicode text.';
  return undefined;
}

/** A superRefine check: an issue for each string in the parsed value that cannot be stored as sent. */
export function checkStorableText(value: unknown, context: z.RefinementCtx) {
  // Iterative, not recursive: a value's depth is the client's choice wherever a schema lets any value through.
  const stack: Array<[unknown, PropertyKey[]]> = [[value, []]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = unstorableText(current);
      if (message) context.addIssue({ code: 'custom', message, path, input: current });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, [...path, index]]));
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) stack.push([item, [...path, key]]);
    }
  }
}

/** A text field read without the spaces around it: `schema`'s checks (a minimum length) see the trimmed string. */
export const trimmed = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema);

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: route.schema.superRefine(checkStorableText) });
