// The part of oidc-provider's API that e2e/servers/oidc.mjs uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  /** The claims of one account; `sub` is always there. */
  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims: (use: string, scope: string) => AccountClaims | Promise<AccountClaims>;
  }

  /** The Koa context the provider hands to its hooks (only what the hooks here touch). */
  export interface KoaContextWithOIDC {
    req: IncomingMessage;
    res: ServerResponse;
    type: string;
    body: unknown;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    jwks?: { keys: object[] };
    cookies?: { keys?: string[] };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    scopes?: string[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: { devInteractions?: { enabled: boolean } };
    findAccount?: (
      ctx: KoaContextWithOIDC,
      id: string,
    ) => Account | undefined | Promise<Account | undefined>;
    renderError?: (
      ctx: KoaContextWithOIDC,
      out: Record<string, unknown>,
      error: Error,
    ) => void | Promise<void>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    listen(port: number, host: string, listening?: () => void): Server;
    on(event: string, listener: (ctx: KoaContextWithOIDC, error: Error) => void): this;
  }
}
