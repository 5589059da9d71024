// What a service throws when a request cannot be done: a kind of failure, a stable code and a message a person can
// read. Nothing here knows HTTP; server/http/errors.ts maps each kind to a status in one place.

/** Each kind has one HTTP status (server/http/errors.ts); a new kind must be given one there. */
export type DomainErrorKind =
  | 'not_found'
  | 'invalid'
  | 'forbidden'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'insufficient_storage';

/** Field name → message, for the fields a person should correct. */
export type FieldMessages = Readonly<Record<string, string>>;

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    /** Stable and machine-readable (`not_found`, `last_admin`): clients branch on it, tests assert it. */
    readonly code: string,
    message: string,
    readonly fields?: FieldMessages,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist, or is not the caller's to see (the two answer the same). */
export class NotFound extends DomainError {
  readonly kind = 'not_found';
  constructor(message = 'Not found.', code = 'not_found') {
    super(code, message);
  }
}

/** The input breaks a rule; `fields` says which field and why. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  constructor(
    fields?: FieldMessages,
    message = 'Some fields are not valid.',
    code = 'validation_failed',
  ) {
    super(code, message, fields);
  }

  /** One field is wrong: the usual case. */
  static field(name: string, message: string) {
    return new Invalid({ [name]: message });
  }
}

/** The request is well formed but the current state refuses it (the last admin, an address already taken). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(code: string, message: string) {
    super(code, message);
  }
}

/** A kind whose error is a message, its code the kind's name unless said otherwise. */
function messageKind<const Kind extends DomainErrorKind>(kind: Kind) {
  return class extends DomainError {
    readonly kind = kind;
    constructor(message: string, code: string = kind) {
      super(code, message);
    }
  };
}

/** The caller is known but may not do this (a banned account signing in). */
export class Forbidden extends messageKind('forbidden') {}

/** The thing existed but is no more (an expired link). */
export class Gone extends messageKind('gone') {}

/** What was sent (or is about to be) is larger than the site accepts (a video over the upload limit). */
export class TooLarge extends messageKind('too_large') {}

/** The server lacks the disk space to keep what was sent: the caller may try again once space is freed. */
export class InsufficientStorage extends messageKind('insufficient_storage') {}
