// Every API endpoint's method and path, without zod: the light half of the endpoint table, so
// the web's first screen can name an endpoint without loading the contracts (endpoints.ts adds
// the schemas to these same entries).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An endpoint's method and its Fastify-style path (`:name` for a parameter, `*` for the rest). */
export interface EndpointRoute {
  readonly method: HttpMethod;
  readonly path: string;
}

/**
 * The API, named by use. The server registers exactly these (apps/server's endpoint test checks
 * both ways); `pathOf` builds a concrete path for the client.
 */
export const ENDPOINT_ROUTES = {
  health: {
    live: { method: 'GET', path: '/healthz' },
    ready: { method: 'GET', path: '/readyz' },
    status: { method: 'GET', path: '/api/status' },
  },
  auth: {
    config: { method: 'GET', path: '/api/auth/config' },
    signup: { method: 'POST', path: '/api/auth/signup' },
    login: { method: 'POST', path: '/api/auth/login' },
    refresh: { method: 'POST', path: '/api/auth/refresh' },
    logout: { method: 'POST', path: '/api/auth/logout' },
    user: { method: 'GET', path: '/api/auth/user' },
    recover: { method: 'POST', path: '/api/auth/recover' },
    reset: { method: 'POST', path: '/api/auth/reset' },
    confirmEmail: { method: 'POST', path: '/api/auth/confirm' },
    resendConfirmation: { method: 'POST', path: '/api/auth/confirm/resend' },
    googleStart: { method: 'GET', path: '/api/auth/google/start' },
    googleCallback: { method: 'GET', path: '/api/auth/google/callback' },
    googleExchange: { method: 'POST', path: '/api/auth/google/exchange' },
  },
  catalog: {
    search: { method: 'POST', path: '/api/catalog/search' },
    books: { method: 'GET', path: '/api/catalog/books' },
    categories: { method: 'GET', path: '/api/catalog/categories' },
    random: { method: 'GET', path: '/api/catalog/random' },
  },
  covers: {
    get: { method: 'GET', path: '/api/covers/:file' },
  },
  summaries: {
    generate: { method: 'POST', path: '/api/summaries' },
    get: { method: 'GET', path: '/api/summaries/:id' },
    preview: { method: 'GET', path: '/api/summaries/:id/preview' },
    pdf: { method: 'GET', path: '/api/summaries/:id/pdf' },
    feedback: { method: 'POST', path: '/api/summaries/:id/feedback' },
    translate: { method: 'POST', path: '/api/summaries/:id/translations' },
    history: { method: 'GET', path: '/api/history' },
  },
  audio: {
    get: { method: 'GET', path: '/api/summaries/:id/audio' },
    prepare: { method: 'POST', path: '/api/summaries/:id/audio' },
    listened: { method: 'POST', path: '/api/summaries/:id/audio/listened' },
  },
  demo: {
    get: { method: 'GET', path: '/api/demo' },
  },
  gamification: {
    addXp: { method: 'POST', path: '/api/xp' },
    me: { method: 'GET', path: '/api/me' },
    updateProfile: { method: 'PATCH', path: '/api/me/profile' },
    uploadAvatar: { method: 'POST', path: '/api/me/avatar' },
    ranking: { method: 'GET', path: '/api/ranking' },
    achievements: { method: 'GET', path: '/api/achievements' },
  },
  reviews: {
    due: { method: 'GET', path: '/api/reviews/due' },
    grade: { method: 'POST', path: '/api/reviews/:cardId' },
  },
  usage: {
    get: { method: 'GET', path: '/api/me/usage' },
  },
  account: {
    changePassword: { method: 'POST', path: '/api/me/password' },
    changeEmail: { method: 'POST', path: '/api/me/email' },
    sessions: { method: 'GET', path: '/api/me/sessions' },
    endSession: { method: 'DELETE', path: '/api/me/sessions/:id' },
    export: { method: 'GET', path: '/api/me/export' },
    delete: { method: 'DELETE', path: '/api/me' },
  },
  billing: {
    config: { method: 'GET', path: '/api/billing/config' },
    subscription: { method: 'GET', path: '/api/billing/subscription' },
    checkout: { method: 'POST', path: '/api/billing/checkout' },
    portal: { method: 'POST', path: '/api/billing/portal' },
    webhook: { method: 'POST', path: '/api/billing/webhook' },
  },
  admin: {
    status: { method: 'GET', path: '/api/admin/status' },
    importCatalog: { method: 'POST', path: '/api/admin/catalog/import' },
    findUser: { method: 'GET', path: '/api/admin/users' },
    grantPremium: { method: 'POST', path: '/api/admin/users/:id/premium' },
    revokePremium: { method: 'DELETE', path: '/api/admin/users/:id/premium' },
    testimonials: { method: 'GET', path: '/api/admin/testimonials' },
    approveTestimonial: { method: 'PUT', path: '/api/admin/testimonials/:feedbackId' },
    withdrawTestimonial: { method: 'DELETE', path: '/api/admin/testimonials/:feedbackId' },
    readers: { method: 'GET', path: '/api/admin/readers' },
    setRole: { method: 'PUT', path: '/api/admin/readers/:id/role' },
    signOutReader: { method: 'POST', path: '/api/admin/readers/:id/sign-out' },
    deleteReader: { method: 'DELETE', path: '/api/admin/readers/:id' },
    summaries: { method: 'GET', path: '/api/admin/summaries' },
    summary: { method: 'GET', path: '/api/admin/summaries/:id' },
    removeSummary: { method: 'DELETE', path: '/api/admin/summaries/:id' },
    regenerateSummary: { method: 'POST', path: '/api/admin/summaries/:id/regenerate' },
    contactMessages: { method: 'GET', path: '/api/admin/contact-messages' },
    handleContactMessage: { method: 'PUT', path: '/api/admin/contact-messages/:id/handled' },
    feedback: { method: 'GET', path: '/api/admin/feedback' },
    usage: { method: 'GET', path: '/api/admin/usage' },
    audit: { method: 'GET', path: '/api/admin/audit' },
  },
  contact: {
    send: { method: 'POST', path: '/api/contact' },
  },
  testimonials: {
    list: { method: 'GET', path: '/api/testimonials' },
  },
  files: {
    get: { method: 'GET', path: '/api/files/*' },
  },
  people: {
    list: { method: 'GET', path: '/api/people' },
    get: { method: 'GET', path: '/api/people/:slug' },
  },
  reminders: {
    get: { method: 'GET', path: '/api/me/reminders' },
    save: { method: 'PUT', path: '/api/me/reminders' },
    pushKey: { method: 'GET', path: '/api/reminders/push-key' },
    subscribePush: { method: 'POST', path: '/api/me/push-subscriptions' },
    unsubscribePush: { method: 'DELETE', path: '/api/me/push-subscriptions' },
    unsubscribePage: { method: 'GET', path: '/api/reminders/unsubscribe' },
    unsubscribe: { method: 'POST', path: '/api/reminders/unsubscribe' },
  },
  readingList: {
    list: { method: 'GET', path: '/api/me/reading-list' },
    save: { method: 'PUT', path: '/api/me/reading-list/:bookId' },
    remove: { method: 'DELETE', path: '/api/me/reading-list/:bookId' },
  },
  curation: {
    people: { method: 'GET', path: '/api/admin/people' },
    createPerson: { method: 'POST', path: '/api/admin/people' },
    updatePerson: { method: 'PUT', path: '/api/admin/people/:slug' },
    removePerson: { method: 'DELETE', path: '/api/admin/people/:slug' },
  },
} as const satisfies Record<string, Record<string, EndpointRoute>>;

export type EndpointRoutes = typeof ENDPOINT_ROUTES;

/** The names of a path's `:name` parameters, and `*` when it ends in a wildcard. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

export type PathParams<P extends string> = { readonly [Name in PathParamName<P>]: string | number };

/**
 * The concrete path of an endpoint: `pathOf(ENDPOINTS.summaries.get, { id })`. Each value is
 * URL-encoded; a `*` value keeps its slashes (a stored file's key). Endpoints without parameters
 * take none.
 */
export function pathOf<P extends string>(
  endpoint: { readonly path: P },
  ...[params]: [PathParamName<P>] extends [never] ? [] : [PathParams<P>]
): string {
  const values: Readonly<Record<string, string | number>> = params ?? {};
  const value = (name: string): string => {
    const given = values[name];
    if (given === undefined) throw new Error(`pathOf: no value for "${name}" in ${endpoint.path}`);
    return String(given);
  };
  return endpoint.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return encodeURIComponent(value(segment.slice(1)));
      if (segment === '*') return value('*').split('/').map(encodeURIComponent).join('/');
      return segment;
    })
    .join('/');
}

/** The paths of a group of endpoints, by name (what AUTH_PATHS was). */
export type PathsOf<Group extends Record<string, EndpointRoute>> = {
  readonly [Name in keyof Group]: Group[Name]['path'];
};

export function pathsOf<Group extends Record<string, EndpointRoute>>(group: Group): PathsOf<Group> {
  return Object.fromEntries(
    Object.entries(group).map(([name, endpoint]) => [name, endpoint.path]),
  ) as PathsOf<Group>;
}
