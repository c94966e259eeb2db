/**
 * PLACEHOLDER, hand-written in openapi-typescript's output shape until the
 * file generated from the server's /api/openapi.json replaces it.
 * Do not make manual edits once it is generated.
 */

export interface paths {
  '/api/session': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations['get_session'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations['health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ErrorBody: {
      error: string;
    };
    Health: {
      status: string;
      database: string;
    };
    Session: {
      user: null | components['schemas']['SessionUser'];
    };
    SessionUser: {
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      admin: boolean;
      applicant: boolean;
      presenter: boolean;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  get_session: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: { 'application/json': components['schemas']['Session'] };
      };
    };
  };
  health: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: { 'application/json': components['schemas']['Health'] };
      };
    };
  };
}
