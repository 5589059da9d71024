// Method override for forms (spec 5): browsers send a multipart PUT as POST with a `_method=PUT` field, and so
// does our client (app/lib/api.ts) for every form-data PUT. A PUT route with `config.methodOverride` gets a POST
// twin at the same path that reads the form first and runs the PUT route only when `_method` is PUT (else 405).
// `readForm` reads a multipart body once per request, within the route's `config.form` limits: every multipart route
// reads its form through it, so that a broken form is a 422 everywhere.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors.ts';

export type UploadedFile = { filename: string; mimetype: string; data: Buffer };
export type ReadForm = { fields: Record<string, string>; files: Record<string, UploadedFile> };
export type FormLimits = {
  /** The file fields the route reads; any other file part is skipped. */
  files: string[];
  /** Bytes per file. */
  fileSize: number;
  /** Text fields allowed (20 unless set). */
  fields?: number;
  /** Bytes per text field (busboy cuts a longer value short). */
  fieldSize?: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** On a PUT route: also answer POST with a `_method=PUT` form field. */
    methodOverride?: boolean;
    /** Set on the POST twin of a `methodOverride` route. */
    overrideOf?: 'PUT';
    /** What `readForm` accepts on this route. */
    form?: FormLimits;
  }
}

const forms = new WeakMap<FastifyRequest, Promise<ReadForm>>();

const invalid = (field: string, message: string) =>
  new HttpError(422, 'validation_failed', 'Some fields are not valid.', { [field]: message });

/** The multipart form of the request (read once; the POST twin has read it before the handler runs). */
export function readForm(request: FastifyRequest): Promise<ReadForm> {
  let form = forms.get(request);
  if (!form) {
    form = parseForm(request);
    forms.set(request, form);
  }
  return form;
}

async function parseForm(request: FastifyRequest): Promise<ReadForm> {
  const limits = request.routeOptions.config.form;
  if (!limits) throw new Error(`No config.form on ${request.routeOptions.url}`);
  const first = limits.files[0] ?? 'file';
  if (!request.isMultipart()) throw invalid(first, 'Send the file as multipart/form-data.');
  const form: ReadForm = { fields: {}, files: {} };
  let current = first;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: limits.fileSize,
        files: limits.files.length,
        fields: limits.fields ?? 20,
        ...(limits.fieldSize ? { fieldSize: limits.fieldSize } : {}),
      },
    })) {
      if (part.type === 'file') {
        if (!limits.files.includes(part.fieldname) || form.files[part.fieldname]) {
          part.file.resume();
          continue;
        }
        current = part.fieldname;
        form.files[part.fieldname] = {
          filename: part.filename,
          mimetype: part.mimetype,
          data: await part.toBuffer(),
        };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid(current, `The file must be ${limits.fileSize / 1024 / 1024} MB or smaller.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalid(current, 'The form has too many parts.');
    // A request closed early and the like carry their own status.
    if ((error as { statusCode?: number }).statusCode) throw error;
    // Everything else the parser throws is about the bytes sent (no boundary, a form cut short, a broken part
    // header): only the request's memory was touched, so it is the client's to fix.
    throw invalid(current, 'The form could not be read: send it as multipart/form-data.');
  }
  return form;
}

/** Register on a scope before its routes: every PUT route there with `methodOverride` gets its POST twin. */
export function registerMethodOverride(scope: FastifyInstance) {
  scope.addHook('onRoute', function (route: RouteOptions) {
    if (route.method !== 'PUT' || !route.config?.methodOverride || route.config.overrideOf) return;
    const preHandler = ([] as NonNullable<RouteOptions['preHandler']>[]).concat(
      route.preHandler ?? [],
    );
    const schema = route.schema as { summary?: string } | undefined;
    this.route({
      ...route,
      method: 'POST',
      url: route.url.slice(this.prefix.length) || '/',
      config: { ...route.config, overrideOf: 'PUT' },
      schema: schema
        ? { ...schema, summary: `${schema.summary ?? route.url} (POST with _method=PUT)` }
        : undefined,
      preHandler: [
        async (request) => {
          const form = await readForm(request);
          if (form.fields._method?.toUpperCase() !== 'PUT')
            throw new HttpError(
              405,
              'method_not_allowed',
              'POST here is a method override: send the form field `_method=PUT`.',
            );
        },
        ...(preHandler.flat() as NonNullable<RouteOptions['preHandler']>[]),
      ] as RouteOptions['preHandler'],
    });
  });
}
