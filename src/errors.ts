/**
 * The one catalogue of errors the service answers with: stable codes, HTTP statuses and the
 * localized short texts. Code throws these; the HTTP error handler turns them into
 * `{errorCode, message, localized, details?}` (src/http/answers/error-answer.ts).
 */
export type Localized = { fi: string; sv: string; en: string };

interface ErrorSpec {
  statusCode: number;
  localized: Localized;
}

export const ERROR_CATALOGUE = {
  VALIDATION_EXCEPTION: {
    statusCode: 422,
    localized: { en: 'Invalid request', fi: 'Virheellinen pyyntö', sv: 'Ogiltig begäran' },
  },
  BAD_REQUEST: {
    statusCode: 400,
    localized: { en: 'Bad request', fi: 'Virheellinen pyyntö', sv: 'Felaktig begäran' },
  },
  PAGE_SIZE_TOO_LARGE: {
    statusCode: 400,
    localized: { en: 'Page size is too large', fi: 'Sivukoko on liian suuri', sv: 'Sidstorleken är för stor' },
  },
  UNKNOWN_CHECKLIST_VERSION: {
    statusCode: 400,
    localized: {
      en: 'Unknown checklist version',
      fi: 'Tuntematon tarkistuslistan versio',
      sv: 'Okänd version av checklistan',
    },
  },
  UNAUTHORIZED: {
    statusCode: 401,
    localized: {
      en: 'Access token is missing or invalid',
      fi: 'Käyttöavain puuttuu tai on virheellinen',
      sv: 'Åtkomstnyckeln saknas eller är ogiltig',
    },
  },
  NOT_FOUND: {
    statusCode: 404,
    localized: { en: 'Not found', fi: 'Ei löytynyt', sv: 'Hittades inte' },
  },
  TAXON_NOT_FOUND: {
    statusCode: 404,
    localized: { en: 'Taxon not found', fi: 'Taksonia ei löytynyt', sv: 'Taxonet hittades inte' },
  },
  METHOD_NOT_ALLOWED: {
    statusCode: 405,
    localized: { en: 'Method not allowed', fi: 'Menetelmä ei ole sallittu', sv: 'Metoden är inte tillåten' },
  },
  REQUEST_TIMEOUT: {
    statusCode: 408,
    localized: {
      en: 'The request took too long to arrive',
      fi: 'Pyynnön saapuminen kesti liian kauan',
      sv: 'Begäran tog för lång tid att komma fram',
    },
  },
  PAYLOAD_TOO_LARGE: {
    statusCode: 413,
    localized: {
      en: 'Request body is too large',
      fi: 'Pyynnön runko on liian suuri',
      sv: 'Begärans innehåll är för stort',
    },
  },
  URI_TOO_LONG: {
    statusCode: 414,
    localized: { en: 'The address is too long', fi: 'Osoite on liian pitkä', sv: 'Adressen är för lång' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    statusCode: 415,
    localized: { en: 'Unsupported content type', fi: 'Sisältötyyppiä ei tueta', sv: 'Innehållstypen stöds inte' },
  },
  TOO_MANY_REQUESTS: {
    statusCode: 429,
    localized: {
      en: 'Too many requests; try again later',
      fi: 'Liikaa pyyntöjä; yritä myöhemmin uudelleen',
      sv: 'För många förfrågningar; försök igen senare',
    },
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    statusCode: 431,
    localized: {
      en: 'The request headers are too large',
      fi: 'Pyynnön otsakkeet ovat liian suuret',
      sv: 'Begärans rubriker är för stora',
    },
  },
  SERVICE_UNAVAILABLE: {
    statusCode: 503,
    localized: { en: 'Service unavailable', fi: 'Palvelu ei ole käytettävissä', sv: 'Tjänsten är inte tillgänglig' },
  },
  INTERNAL_ERROR: {
    statusCode: 500,
    localized: { en: 'Internal error', fi: 'Sisäinen virhe', sv: 'Internt fel' },
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Where a problem lies in a request, as the code that found it knows it: a parameter by name, or
 * a place in the request body by its keys and indices. Only the HTTP layer knows where a
 * parameter came from: it writes each place as a JSON pointer (`/query/checklistVersion`,
 * `/body/taxonRank/1`; see src/http/answers/error-answer.ts).
 */
export type Place = { readonly parameter: string } | { readonly body: readonly (string | number)[] };

/** One problem of a request: its place and what is wrong there. */
export interface Issue {
  readonly at: Place;
  readonly message: string;
}

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    /** what is wrong where; none when the error is about the request as a whole */
    readonly issues: readonly Issue[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = ERROR_CATALOGUE[errorCode].statusCode;
  }
}

/** A 422 with one issue at `parameter`, its message naming the parameter. */
export function invalidParameter(parameter: string, message: string): AppError {
  return new AppError('VALIDATION_EXCEPTION', `${parameter}: ${message}`, [{ at: { parameter }, message }]);
}

/** Escapes one JSON pointer token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}
