/**
 * An error answered as JSON `{ error, message, field? }` with its status (see ../error-handler.ts).
 *
 * @example throw new ApiRequestError(409, 'An astro user with this email already exists.', 'email')
 */
export class ApiRequestError extends Error {
  readonly statusCode: number;
  readonly field: string | undefined;

  constructor(statusCode: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.statusCode = statusCode;
    this.field = field;
  }
}

export const badRequest = (message: string, field: string) => new ApiRequestError(400, message, field);
export const notFound = (message: string) => new ApiRequestError(404, message);
export const conflict = (message: string, field?: string) => new ApiRequestError(409, message, field);
