import { z } from 'zod';
import {
  accountExportSchema,
  accountSessionParamsSchema,
  accountSessionsResponseSchema,
  changeMyEmailRequestSchema,
  changeMyPasswordRequestSchema,
  deleteAccountRequestSchema,
  emailChangePendingSchema,
} from './contracts/account.js';
import {
  confirmEmailRequestSchema,
  googleCallbackQuerySchema,
  googleExchangeRequestSchema,
  googleStartQuerySchema,
  loginRequestSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  resetRequestSchema,
  sessionSchema,
  signupRequestSchema,
  userResponseSchema,
  authConfigSchema,
} from './contracts/auth.js';
import {
  audioQuerySchema,
  audioRequestSchema,
  audioResponseSchema,
  audioEventSchema,
  storedAudioResponseSchema,
} from './contracts/audio.js';
import {
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUserSearchResponseSchema,
  adminUsersQuerySchema,
  billingConfigResponseSchema,
  billingRedirectResponseSchema,
  billingSubscriptionSchema,
  checkoutRequestSchema,
  webhookResponseSchema,
} from './contracts/billing.js';
import { demoQuerySchema, demoResponseSchema } from './contracts/demo.js';
import {
  catalogImportResponseSchema,
  catalogSearchRequestSchema,
  catalogSearchResponseSchema,
  categoriesQuerySchema,
  categoriesResponseSchema,
  exploreQuerySchema,
  exploreResponseSchema,
  randomBookQuerySchema,
  randomBookResponseSchema,
} from './contracts/catalog.js';
import { contactReceivedSchema, contactRequestSchema } from './contracts/contact.js';
import { coverParamsSchema } from './contracts/covers.js';
import { signedFileParamsSchema, signedFileQuerySchema } from './contracts/files.js';
import {
  achievementsResponseSchema,
  addXpResultSchema,
  meResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  rankingQuerySchema,
  rankingResponseSchema,
  xpEventRequestSchema,
} from './contracts/gamification.js';
import { healthResponseSchema, readinessResponseSchema } from './contracts/health.js';
import {
  dueReviewsSchema,
  listeningReportSchema,
  listeningResultSchema,
  reviewGradeRequestSchema,
  reviewGradeResultSchema,
  reviewParamsSchema,
} from './contracts/reviews.js';
import { noContentSchema } from './contracts/no-content.js';
import {
  adminAuditResponseSchema,
  adminContactMessageResponseSchema,
  adminContactMessagesResponseSchema,
  adminFeedbackResponseSchema,
  adminIdParamsSchema,
  adminReaderResponseSchema,
  adminReadersQuerySchema,
  adminReadersResponseSchema,
  adminRoleRequestSchema,
  adminSummariesQuerySchema,
  adminSummariesResponseSchema,
  adminSummaryResponseSchema,
  adminUsageResponseSchema,
} from './contracts/admin.js';
import { adminStatusResponseSchema, statusResponseSchema } from './contracts/status.js';
import {
  adminTestimonialParamsSchema,
  adminTestimonialResponseSchema,
  adminTestimonialsResponseSchema,
  testimonialsQuerySchema,
  testimonialsResponseSchema,
} from './contracts/testimonials.js';
import {
  feedbackRequestSchema,
  generateSummaryRequestSchema,
  generateSummaryResponseSchema,
  generationEventSchema,
  historyQuerySchema,
  historyResponseSchema,
  summaryParamsSchema,
  summaryPreviewSchema,
  summarySchema,
  translateSummaryRequestSchema,
  translateSummaryResponseSchema,
  translationEventSchema,
  usageSchema,
} from './contracts/summaries.js';
import {
  adminPeopleResponseSchema,
  adminPersonResponseSchema,
  peopleLanguageQuerySchema,
  peopleResponseSchema,
  personCreateSchema,
  personEditSchema,
  personParamsSchema,
  personResponseSchema,
  readingListParamsSchema,
  readingListResponseSchema,
} from './contracts/people.js';
import {
  htmlPageSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  reminderSettingsSchema,
  reminderStateSchema,
  reminderUnsubscribeQuerySchema,
} from './contracts/reminders.js';
import { ENDPOINT_ROUTES, type EndpointRoute, type EndpointRoutes } from './endpoint-routes.js';

export {
  ENDPOINT_ROUTES,
  pathOf,
  pathsOf,
  type EndpointRoute,
  type EndpointRoutes,
  type HttpMethod,
  type PathParamName,
  type PathParams,
  type PathsOf,
} from './endpoint-routes.js';

/** A success status an endpoint answers with. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * One API endpoint: its method and path (from ENDPOINT_ROUTES) and the zod contracts of what it
 * takes and answers. Error answers are always `{"error":{"code","message"}}` (errorResponseSchema).
 */
export interface Endpoint extends EndpointRoute {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  /** The JSON body; absent for a body taken as raw bytes (see `consumes`). */
  readonly body?: z.ZodType;
  /** The success answers by status: JSON, unless `produces` names another media type. */
  readonly response: { readonly [Status in SuccessStatus]?: z.ZodType };
  /** The media type of a success answer that is not JSON. */
  readonly produces?: string;
  /** The body is taken as raw bytes of this media type (`*\/*`: any), not as JSON. */
  readonly consumes?: string;
  /** With `Accept: text/event-stream`, the events streamed instead of the JSON answer. */
  readonly events?: z.ZodType;
}

/** A 204 answer (no body, which clients read as null). */
const noContent = { 204: noContentSchema } as const;
/** Bytes that are not JSON (a PDF); described, never parsed. */
const binary = z.string().meta({ format: 'binary' });

/** Every endpoint of the API with its contracts, under the names of ENDPOINT_ROUTES. */
export const ENDPOINTS = {
  health: {
    live: { ...ENDPOINT_ROUTES.health.live, response: { 200: healthResponseSchema } },
    /** 503 with the same body when the database does not answer. */
    ready: { ...ENDPOINT_ROUTES.health.ready, response: { 200: readinessResponseSchema } },
    status: { ...ENDPOINT_ROUTES.health.status, response: { 200: statusResponseSchema } },
  },
  auth: {
    config: { ...ENDPOINT_ROUTES.auth.config, response: { 200: authConfigSchema } },
    signup: { ...ENDPOINT_ROUTES.auth.signup, body: signupRequestSchema, response: { 201: sessionSchema } },
    login: { ...ENDPOINT_ROUTES.auth.login, body: loginRequestSchema, response: { 200: sessionSchema } },
    refresh: {
      ...ENDPOINT_ROUTES.auth.refresh,
      body: refreshRequestSchema,
      response: { 200: sessionSchema },
    },
    logout: { ...ENDPOINT_ROUTES.auth.logout, response: noContent },
    user: { ...ENDPOINT_ROUTES.auth.user, response: { 200: userResponseSchema } },
    recover: { ...ENDPOINT_ROUTES.auth.recover, body: recoverRequestSchema, response: noContent },
    reset: { ...ENDPOINT_ROUTES.auth.reset, body: resetRequestSchema, response: { 200: sessionSchema } },
    confirmEmail: {
      ...ENDPOINT_ROUTES.auth.confirmEmail,
      body: confirmEmailRequestSchema,
      response: noContent,
    },
    resendConfirmation: { ...ENDPOINT_ROUTES.auth.resendConfirmation, response: noContent },
    /** A browser navigation: redirects (302) to Google's consent screen. */
    googleStart: { ...ENDPOINT_ROUTES.auth.googleStart, querystring: googleStartQuerySchema, response: {} },
    /** Google's redirect back: redirects (302) to /welcome#google_code=… or /auth?google_error=…. */
    googleCallback: {
      ...ENDPOINT_ROUTES.auth.googleCallback,
      querystring: googleCallbackQuerySchema,
      response: {},
    },
    googleExchange: {
      ...ENDPOINT_ROUTES.auth.googleExchange,
      body: googleExchangeRequestSchema,
      response: { 200: sessionSchema },
    },
  },
  catalog: {
    search: {
      ...ENDPOINT_ROUTES.catalog.search,
      body: catalogSearchRequestSchema,
      response: { 200: catalogSearchResponseSchema },
    },
    books: {
      ...ENDPOINT_ROUTES.catalog.books,
      querystring: exploreQuerySchema,
      response: { 200: exploreResponseSchema },
    },
    categories: {
      ...ENDPOINT_ROUTES.catalog.categories,
      querystring: categoriesQuerySchema,
      response: { 200: categoriesResponseSchema },
    },
    random: {
      ...ENDPOINT_ROUTES.catalog.random,
      querystring: randomBookQuerySchema,
      response: { 200: randomBookResponseSchema },
    },
  },
  covers: {
    /** A book cover stored by the app, named by its content (the URL in a book's `cover_url`). */
    get: {
      ...ENDPOINT_ROUTES.covers.get,
      params: coverParamsSchema,
      response: { 200: binary },
      produces: 'image/*',
    },
  },
  summaries: {
    generate: {
      ...ENDPOINT_ROUTES.summaries.generate,
      body: generateSummaryRequestSchema,
      response: { 200: generateSummaryResponseSchema },
      events: generationEventSchema,
    },
    get: { ...ENDPOINT_ROUTES.summaries.get, params: summaryParamsSchema, response: { 200: summarySchema } },
    preview: {
      ...ENDPOINT_ROUTES.summaries.preview,
      params: summaryParamsSchema,
      response: { 200: summaryPreviewSchema },
    },
    pdf: {
      ...ENDPOINT_ROUTES.summaries.pdf,
      params: summaryParamsSchema,
      response: { 200: binary },
      produces: 'application/pdf',
    },
    feedback: {
      ...ENDPOINT_ROUTES.summaries.feedback,
      params: summaryParamsSchema,
      body: feedbackRequestSchema,
      response: noContent,
    },
    translate: {
      ...ENDPOINT_ROUTES.summaries.translate,
      params: summaryParamsSchema,
      body: translateSummaryRequestSchema,
      response: { 200: translateSummaryResponseSchema },
      events: translationEventSchema,
    },
    history: {
      ...ENDPOINT_ROUTES.summaries.history,
      querystring: historyQuerySchema,
      response: { 200: historyResponseSchema },
    },
  },
  audio: {
    get: {
      ...ENDPOINT_ROUTES.audio.get,
      params: summaryParamsSchema,
      querystring: audioQuerySchema,
      response: { 200: storedAudioResponseSchema },
    },
    prepare: {
      ...ENDPOINT_ROUTES.audio.prepare,
      params: summaryParamsSchema,
      body: audioRequestSchema,
      response: { 200: audioResponseSchema },
      events: audioEventSchema,
    },
    listened: {
      ...ENDPOINT_ROUTES.audio.listened,
      params: summaryParamsSchema,
      body: listeningReportSchema,
      response: { 200: listeningResultSchema },
    },
  },
  demo: {
    get: {
      ...ENDPOINT_ROUTES.demo.get,
      querystring: demoQuerySchema,
      response: { 200: demoResponseSchema },
    },
  },
  gamification: {
    addXp: {
      ...ENDPOINT_ROUTES.gamification.addXp,
      body: xpEventRequestSchema,
      response: { 200: addXpResultSchema },
    },
    me: { ...ENDPOINT_ROUTES.gamification.me, response: { 200: meResponseSchema } },
    updateProfile: {
      ...ENDPOINT_ROUTES.gamification.updateProfile,
      body: profileUpdateSchema,
      response: { 200: profileResponseSchema },
    },
    /** The body is the image file itself (PNG, JPEG or WebP, at most AVATAR_MAX_BYTES). */
    uploadAvatar: {
      ...ENDPOINT_ROUTES.gamification.uploadAvatar,
      consumes: '*/*',
      response: { 200: profileResponseSchema },
    },
    ranking: {
      ...ENDPOINT_ROUTES.gamification.ranking,
      querystring: rankingQuerySchema,
      response: { 200: rankingResponseSchema },
    },
    achievements: {
      ...ENDPOINT_ROUTES.gamification.achievements,
      response: { 200: achievementsResponseSchema },
    },
  },
  reviews: {
    due: { ...ENDPOINT_ROUTES.reviews.due, response: { 200: dueReviewsSchema } },
    grade: {
      ...ENDPOINT_ROUTES.reviews.grade,
      params: reviewParamsSchema,
      body: reviewGradeRequestSchema,
      response: { 200: reviewGradeResultSchema },
    },
  },
  usage: {
    get: { ...ENDPOINT_ROUTES.usage.get, response: { 200: usageSchema } },
  },
  account: {
    changePassword: {
      ...ENDPOINT_ROUTES.account.changePassword,
      body: changeMyPasswordRequestSchema,
      response: noContent,
    },
    changeEmail: {
      ...ENDPOINT_ROUTES.account.changeEmail,
      body: changeMyEmailRequestSchema,
      response: { 202: emailChangePendingSchema },
    },
    sessions: { ...ENDPOINT_ROUTES.account.sessions, response: { 200: accountSessionsResponseSchema } },
    endSession: {
      ...ENDPOINT_ROUTES.account.endSession,
      params: accountSessionParamsSchema,
      response: noContent,
    },
    /** Sent with `Content-Disposition: attachment`. */
    export: { ...ENDPOINT_ROUTES.account.export, response: { 200: accountExportSchema } },
    delete: { ...ENDPOINT_ROUTES.account.delete, body: deleteAccountRequestSchema, response: noContent },
  },
  billing: {
    config: { ...ENDPOINT_ROUTES.billing.config, response: { 200: billingConfigResponseSchema } },
    subscription: { ...ENDPOINT_ROUTES.billing.subscription, response: { 200: billingSubscriptionSchema } },
    checkout: {
      ...ENDPOINT_ROUTES.billing.checkout,
      body: checkoutRequestSchema,
      response: { 200: billingRedirectResponseSchema },
    },
    portal: { ...ENDPOINT_ROUTES.billing.portal, response: { 200: billingRedirectResponseSchema } },
    /** Stripe's signed event, read as the exact bytes sent. */
    webhook: {
      ...ENDPOINT_ROUTES.billing.webhook,
      consumes: '*/*',
      response: { 200: webhookResponseSchema },
    },
  },
  admin: {
    status: { ...ENDPOINT_ROUTES.admin.status, response: { 200: adminStatusResponseSchema } },
    importCatalog: { ...ENDPOINT_ROUTES.admin.importCatalog, response: { 200: catalogImportResponseSchema } },
    findUser: {
      ...ENDPOINT_ROUTES.admin.findUser,
      querystring: adminUsersQuerySchema,
      response: { 200: adminUserSearchResponseSchema },
    },
    grantPremium: {
      ...ENDPOINT_ROUTES.admin.grantPremium,
      params: adminUserParamsSchema,
      response: { 200: adminUserResponseSchema },
    },
    revokePremium: {
      ...ENDPOINT_ROUTES.admin.revokePremium,
      params: adminUserParamsSchema,
      response: { 200: adminUserResponseSchema },
    },
    /** Feedback comments that can be shown on the landing (the reader has a nickname), approved or not. */
    testimonials: {
      ...ENDPOINT_ROUTES.admin.testimonials,
      response: { 200: adminTestimonialsResponseSchema },
    },
    approveTestimonial: {
      ...ENDPOINT_ROUTES.admin.approveTestimonial,
      params: adminTestimonialParamsSchema,
      response: { 200: adminTestimonialResponseSchema },
    },
    /** Takes a comment off the landing (the reader's feedback stays); 204 even when it was not shown. */
    withdrawTestimonial: {
      ...ENDPOINT_ROUTES.admin.withdrawTestimonial,
      params: adminTestimonialParamsSchema,
      response: noContent,
    },
    /** Readers whose e-mail or nickname holds `q` (any case), newest first; the newest 50 without `q`. */
    readers: {
      ...ENDPOINT_ROUTES.admin.readers,
      querystring: adminReadersQuerySchema,
      response: { 200: adminReadersResponseSchema },
    },
    /** Makes a reader an admin or a reader again; 409 LAST_ADMIN for the last admin. */
    setRole: {
      ...ENDPOINT_ROUTES.admin.setRole,
      params: adminIdParamsSchema,
      body: adminRoleRequestSchema,
      response: { 200: adminReaderResponseSchema },
    },
    /** Ends every session of the reader: their tokens stop working. */
    signOutReader: {
      ...ENDPOINT_ROUTES.admin.signOutReader,
      params: adminIdParamsSchema,
      response: noContent,
    },
    /** Deletes the account: the deletion a reader does from Settings. */
    deleteReader: { ...ENDPOINT_ROUTES.admin.deleteReader, params: adminIdParamsSchema, response: noContent },
    summaries: {
      ...ENDPOINT_ROUTES.admin.summaries,
      querystring: adminSummariesQuerySchema,
      response: { 200: adminSummariesResponseSchema },
    },
    summary: {
      ...ENDPOINT_ROUTES.admin.summary,
      params: adminIdParamsSchema,
      response: { 200: adminSummaryResponseSchema },
    },
    /** Removes a summary; its readers keep a history entry that says so. 409 EDITORIAL_SUMMARY for the editors'. */
    removeSummary: {
      ...ENDPOINT_ROUTES.admin.removeSummary,
      params: adminIdParamsSchema,
      response: noContent,
    },
    /** Has the model write the summary again, through the usual single flight; answers once it is stored. */
    regenerateSummary: {
      ...ENDPOINT_ROUTES.admin.regenerateSummary,
      params: adminIdParamsSchema,
      response: { 200: adminSummaryResponseSchema },
    },
    contactMessages: {
      ...ENDPOINT_ROUTES.admin.contactMessages,
      response: { 200: adminContactMessagesResponseSchema },
    },
    handleContactMessage: {
      ...ENDPOINT_ROUTES.admin.handleContactMessage,
      params: adminIdParamsSchema,
      response: { 200: adminContactMessageResponseSchema },
    },
    feedback: { ...ENDPOINT_ROUTES.admin.feedback, response: { 200: adminFeedbackResponseSchema } },
    usage: { ...ENDPOINT_ROUTES.admin.usage, response: { 200: adminUsageResponseSchema } },
    audit: { ...ENDPOINT_ROUTES.admin.audit, response: { 200: adminAuditResponseSchema } },
  },
  contact: {
    send: {
      ...ENDPOINT_ROUTES.contact.send,
      body: contactRequestSchema,
      response: { 202: contactReceivedSchema },
    },
  },
  testimonials: {
    /** Approved readers' words in one language, newest approvals first (cached briefly). */
    list: {
      ...ENDPOINT_ROUTES.testimonials.list,
      querystring: testimonialsQuerySchema,
      response: { 200: testimonialsResponseSchema },
    },
  },
  files: {
    /** A stored file through its signed URL: its own bytes and media type (and 206 for a range). */
    get: {
      ...ENDPOINT_ROUTES.files.get,
      params: signedFileParamsSchema,
      querystring: signedFileQuerySchema,
      response: {},
    },
  },
  people: {
    /** Everyone with a shelf, in the editors' order. */
    list: { ...ENDPOINT_ROUTES.people.list, response: { 200: peopleResponseSchema } },
    /** A person's bio and shelf, each pick with its source, in `language` (default pt). */
    get: {
      ...ENDPOINT_ROUTES.people.get,
      params: personParamsSchema,
      querystring: peopleLanguageQuerySchema,
      response: { 200: personResponseSchema },
    },
  },
  reminders: {
    /** The reader's daily reminder (off, 19:00, every day, no time zone before the first save). */
    get: { ...ENDPOINT_ROUTES.reminders.get, response: { 200: reminderStateSchema } },
    save: {
      ...ENDPOINT_ROUTES.reminders.save,
      body: reminderSettingsSchema,
      response: { 200: reminderStateSchema },
    },
    /** The VAPID public key browsers subscribe with. */
    pushKey: { ...ENDPOINT_ROUTES.reminders.pushKey, response: { 200: pushKeySchema } },
    /** Keeps a browser's push subscription for the reader (the same endpoint again replaces its keys). */
    subscribePush: {
      ...ENDPOINT_ROUTES.reminders.subscribePush,
      body: pushSubscriptionSchema,
      response: noContent,
    },
    /** 404 when the endpoint is not one of the reader's subscriptions. */
    unsubscribePush: {
      ...ENDPOINT_ROUTES.reminders.unsubscribePush,
      body: pushUnsubscribeSchema,
      response: noContent,
    },
    /** An e-mail's unsubscribe link opened in a browser: a page with the button that turns reminders off. */
    unsubscribePage: {
      ...ENDPOINT_ROUTES.reminders.unsubscribePage,
      querystring: reminderUnsubscribeQuerySchema,
      response: { 200: htmlPageSchema },
      produces: 'text/html',
    },
    /** RFC 8058 one-click (`List-Unsubscribe=One-Click`) or the page's button: reminders off, no session. */
    unsubscribe: {
      ...ENDPOINT_ROUTES.reminders.unsubscribe,
      querystring: reminderUnsubscribeQuerySchema,
      consumes: '*/*',
      response: { 200: htmlPageSchema },
      produces: 'text/html',
    },
  },
  readingList: {
    /** The reader's saved books, newest first, titled in `language` (default pt). */
    list: {
      ...ENDPOINT_ROUTES.readingList.list,
      querystring: peopleLanguageQuerySchema,
      response: { 200: readingListResponseSchema },
    },
    /** Saves a catalogue book; saving it again keeps the first date. */
    save: { ...ENDPOINT_ROUTES.readingList.save, params: readingListParamsSchema, response: noContent },
    /** 204 whether or not it was saved. */
    remove: { ...ENDPOINT_ROUTES.readingList.remove, params: readingListParamsSchema, response: noContent },
  },
  curation: {
    people: { ...ENDPOINT_ROUTES.curation.people, response: { 200: adminPeopleResponseSchema } },
    createPerson: {
      ...ENDPOINT_ROUTES.curation.createPerson,
      body: personCreateSchema,
      response: { 201: adminPersonResponseSchema },
    },
    updatePerson: {
      ...ENDPOINT_ROUTES.curation.updatePerson,
      params: personParamsSchema,
      body: personEditSchema,
      response: { 200: adminPersonResponseSchema },
    },
    removePerson: {
      ...ENDPOINT_ROUTES.curation.removePerson,
      params: personParamsSchema,
      response: noContent,
    },
  },
} as const satisfies {
  readonly [Group in keyof EndpointRoutes]: { readonly [Name in keyof EndpointRoutes[Group]]: Endpoint };
};

export type Endpoints = typeof ENDPOINTS;

/** Every endpoint of the table, flattened (for tests and tools that walk the API). */
export function allEndpoints(): { group: string; name: string; endpoint: Endpoint }[] {
  return Object.entries(ENDPOINTS).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]: [string, Endpoint]) => ({ group, name, endpoint })),
  );
}
