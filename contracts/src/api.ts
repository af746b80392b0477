// The JSON envelope every /api route answers with (errors: server/src/lib/errors.ts).
export type ApiResult<T> = { result: T };

export type ApiError = {
  exception: { message: string };
  errors?: Record<string, string[]>;
};

export const isApiError = (body: unknown): body is ApiError =>
  typeof body === 'object' && body !== null && 'exception' in body;
