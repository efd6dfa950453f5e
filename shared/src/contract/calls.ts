import { z } from 'zod';
import { referenceParam, tidParam } from './credential.js';
import { cartItemSchema } from '../domain/cart.js';
import {
  activationTokenSchema,
  changePasswordSchema,
  chipTokenSchema,
  contactExchangeSchema,
  contactNoteSchema,
  checkShippingZone,
  deliveryCheckoutSchema,
  emailCodeSchema,
  forgotPasswordSchema,
  groupChatMessageSchema,
  heldTicketReleaseSchema,
  idempotencyHeadersSchema,
  inlineEditSchema,
  loginSchema,
  lowercaseEmailSchema,
  makeEventSchema,
  messages,
  newPasswordSchema,
  ownImageSchema,
  quickLinkFieldSchema,
  pickupCheckoutSchema,
  preorderSchema,
  privateChatMessageSchema,
  profileSchema,
  registrationConfirmSchema,
  registrationSchema,
  requiredString,
  resetPasswordSchema,
  serviceFormSchema,
  UPLOADED_FILES_PATH,
  verifyMailSchema,
} from '../rules/index.js';
import { failureSchema, okShape, plainAnswerSchema, wire, wireData } from './envelope.js';
import {
  adminEventSchema,
  attendeeTokenSchema,
  authTokenSchema,
  chatMessageSchema,
  chipRecordSchema,
  contactSchema,
  eventListsSchema,
  eventSchema,
  orderSchema,
  ownerCardSchema,
  physicalCardSchema,
  privateChatSchema,
  publicAttendeeSchema,
  publicCardSchema,
  serviceSchema,
  sessionInfoSchema,
  uploadResultSchema,
  userProfileSchema,
  userSummarySchema,
} from './entities.js';

/**
 * Every upstream call. Paths given by the product's API are kept verbatim; the others follow one
 * scheme (docs/decisions.md, Upstream contract, lists them). The browser calls them as `/api` + path through the gateway; the upstream registers exactly
 * these paths (`:name` segments are path parameters, as Fastify writes them).
 */

export type Method = 'GET' | 'POST' | 'DELETE';
/** none: public; bearer: the user's `token_type access_token`; optional: sent when present; service: the gateway's key. */
export type Auth = 'none' | 'bearer' | 'optional' | 'service';

export interface Call {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Request headers the call reads (lower-case names), checked like the rest of the input. */
  readonly headers?: z.ZodObject;
  /** JSON body, or the text fields of a multipart body when `multipart` is set. */
  readonly body?: z.ZodType;
  /** Names of the file parts of a multipart body. */
  readonly multipart?: readonly string[];
  /** The answer's schema, or 'vcard' / 'html' for a text answer. */
  readonly answer: z.ZodType | 'vcard' | 'html';
}

function call<const C extends Call>(c: C): C {
  return c;
}

/**
 * The calls, each built on first use: a page that makes two calls does not construct the schemas of
 * all fifty when the contract is imported (that was a fifth of a visitor page's script time).
 * A built call is kept, so every use sees the same schemas; enumerating the object builds them all.
 */
export function lazyCalls<const T extends Record<string, () => Call>>(factories: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const built = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(factories) as (keyof T)[]) {
    Object.defineProperty(built, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = factories[key]!() as ReturnType<T[typeof key]>;
        Object.defineProperty(built, key, { value, enumerable: true, writable: false, configurable: false });
        return value;
      },
    });
  }
  return built;
}

const id = z.string().min(1).max(128);
const idParam = z.object({ id });
const cardIdentity = z.object({ card_id: id, type: z.string().min(1).max(32) });

/** A new account's email, password and name, with their required messages (sign-up and create-user). */
const newAccountShape = {
  email: lowercaseEmailSchema,
  password: newPasswordSchema.shape.password,
  name: requiredString(messages.nameRequired),
};

/** The onboarding wizard's whole state, as sign-up and create-card take it. */
export const signupPayloadSchema = cardIdentity.extend({
  token: activationTokenSchema.shape.token,
  user: z.object({
    ...newAccountShape,
    auth_type: z.string().min(1),
    profile_image: ownImageSchema.nullable().optional(),
  }),
  card: z.object({
    name: profileSchema.shape.name,
    subTitle: profileSchema.shape.subTitle,
    phone: profileSchema.shape.phone,
    description: z.string().optional().default(''),
    fields: z.array(quickLinkFieldSchema).default([]),
  }),
  image: z.object({ image: ownImageSchema, name: z.string() }).nullable().optional(),
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;

/**
 * The one-time secret verifying an email hands out (verify-code, or the social sign-in callback for a
 * new person); sign-up and create-user take it, so only who verified the address can sign up with it.
 */
const verificationTicketSchema = requiredString(messages.verifyEmailAgain).pipe(z.string().max(128, messages.verifyEmailAgain));
const verificationTicketShape = { verification_ticket: verificationTicketSchema };

/** Sign-up: the wizard's state and the ticket of its email's verification. */
export const signUpBodySchema = signupPayloadSchema.extend(verificationTicketShape);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const saveCardPayloadSchema = z.object({
  image: ownImageSchema.nullable(),
  title: inlineEditSchema,
  description: z.string(),
  sub_title: inlineEditSchema,
  fields: z.array(quickLinkFieldSchema),
});
export type SaveCardPayload = z.infer<typeof saveCardPayloadSchema>;

/** The service form's rules (required messages); multipart sends enable_enquiry as 'true' / 'false'. */
export const addServiceFieldsSchema = serviceFormSchema;

export const uploadFieldsSchema = z.object({
  folder: z.enum(['profile', 'services', 'events_gallery', 'events_banner']),
  name: z.string().min(1).max(200),
});

/**
 * An event as create and update take it. The "not in the past" rule depends on the server's
 * clock and, on update, on whether the start date changed, so the schema here checks everything but
 * that (a clock at the epoch lets every real date through) and the upstream applies it itself.
 */
export const eventPayloadSchema = makeEventSchema(() => new Date(0));
export type EventPayload = z.infer<typeof eventPayloadSchema>;

export const chatPostSchema = z.object({
  event_id: id,
  attendee_id: z.string().min(1).max(160),
  message: groupChatMessageSchema,
  image: z.string().max(2048).default(''),
});
export type ChatPost = z.infer<typeof chatPostSchema>;

export const privateChatPostSchema = z.object({
  event_id: id,
  attendee_id_1: z.string().min(1).max(160),
  attendee_id_2: z.string().min(1).max(160),
  message: privateChatMessageSchema,
  image: z.string().max(2048).default(''),
});
export type PrivateChatPost = z.infer<typeof privateChatPostSchema>;

/**
 * The order payload: the checkout's customer fields under the API's keys (`phoneNumber`, not the
 * form's `phone`), validated by the checkout rules so a bad field answers its required message:
 * delivery needs address, city, state and country and a shipping of 2,500 or 5,000; pickup needs a
 * branch id and shipping 0. `total`, `vat` and `shipping` are the client's figures: the upstream
 * recomputes them from the cart and refuses an order whose figures differ.
 */
const orderExtras = {
  cart: z.array(cartItemSchema).min(1),
  total: z.number(),
  vat: z.number(),
  callback_url: z.string().trim().min(1).max(2048),
};
const deliveryOrderSchema = z.object({
  method: deliveryCheckoutSchema.shape.method,
  name: deliveryCheckoutSchema.shape.name,
  phoneNumber: deliveryCheckoutSchema.shape.phone,
  email: deliveryCheckoutSchema.shape.email,
  address: deliveryCheckoutSchema.shape.address,
  city: deliveryCheckoutSchema.shape.city,
  state: deliveryCheckoutSchema.shape.state,
  country: deliveryCheckoutSchema.shape.country,
  /** Sent as null by the checkout; ignored for delivery. */
  pickup: z.string().nullable().optional(),
  shipping: deliveryCheckoutSchema.shape.shipping,
  ...orderExtras,
}).superRefine(checkShippingZone);
const pickupOrderSchema = z.object({
  method: pickupCheckoutSchema.shape.method,
  name: pickupCheckoutSchema.shape.name,
  phoneNumber: pickupCheckoutSchema.shape.phone,
  email: pickupCheckoutSchema.shape.email,
  /** Ignored for pickup: the order takes the chosen branch's address. */
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  pickup: pickupCheckoutSchema.shape.pickup,
  shipping: pickupCheckoutSchema.shape.shipping,
  ...orderExtras,
});
export const orderPayloadSchema = z.discriminatedUnion('method', [deliveryOrderSchema, pickupOrderSchema], { error: messages.methodRequired });
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/**
 * The order lookup: success 'true' with the order once the provider confirmed the payment (HTTP 200);
 * success 'false' with the order when it was declined (200) or is still pending (HTTP 202, the order's
 * payment_status 'pending': keep checking); success 'false' without an order for an unknown reference (404).
 */
export const orderLookupAnswerSchema = z.discriminatedUnion('success', [
  okShape({ order: orderSchema }),
  failureSchema.extend({ order: orderSchema.optional() }),
]);

/**
 * Why a ticket payment gave no ticket (ours): not decided yet, declined, paid after its seat was
 * released and sold (to be refunded), or no such payment. `retry` is the event's registration page.
 */
export const ticketPaymentOutcomeSchema = z.enum(['pending', 'declined', 'sold_out', 'unknown']);
export type TicketPaymentOutcome = z.infer<typeof ticketPaymentOutcomeSchema>;

export const ticketPaymentAnswerSchema = z.discriminatedUnion('success', [
  okShape({ link: z.string() }),
  failureSchema.extend({ outcome: ticketPaymentOutcomeSchema.optional(), retry: z.string().optional() }),
]);

const linkQuery = z.object({ link: z.string().min(1).max(200) });

export const calls = lazyCalls({
  // ── Accounts ───────────────────────────────────────────────────────────
  verifyMail: () => call({ method: 'POST', path: '/auth/public/api/verify-mail', auth: 'none', body: verifyMailSchema, answer: plainAnswerSchema }),
  verifyCode: () => call({
    method: 'POST',
    path: '/auth/public/api/verify-code',
    auth: 'none',
    body: emailCodeSchema,
    answer: wireData(z.object({ verification_ticket: z.string() })),
  }),
  signUp: () => call({ method: 'POST', path: '/auth/public/api/sign-up', auth: 'none', body: signUpBodySchema, answer: wireData(authTokenSchema) }),
  createUser: () => call({
    method: 'POST',
    path: '/auth/public/api/create-user',
    auth: 'none',
    body: z.object({ ...newAccountShape, auth_type: z.string().default('Email'), ...verificationTicketShape }),
    answer: wireData(authTokenSchema),
  }),
  hasEmail: () => call({ method: 'POST', path: '/auth/public/api/has-email', auth: 'none', body: verifyMailSchema, answer: wireData(z.object({ exists: z.boolean() })) }),
  userProfile: () => call({ method: 'GET', path: '/auth/public/api/user-profile', auth: 'bearer', answer: wireData(userProfileSchema) }),
  login: () => call({ method: 'POST', path: '/auth/public/api/login', auth: 'none', body: loginSchema, answer: wireData(authTokenSchema) }),
  googleLogin: () => call({
    method: 'GET',
    path: '/auth/public/google-login',
    auth: 'none',
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    answer: z.discriminatedUnion('success', [
      z.object({
        success: z.literal('true'),
        message: z.string().optional(),
        data: authTokenSchema.extend({ card_url: z.string().nullable() }).optional(),
        signup: z
          .object({
            card_id: z.string().nullable(),
            token: z.string().nullable(),
            type: z.string().nullable(),
            user: z.object({ email: z.string(), auth_type: z.string(), password: z.string(), name: z.string(), profile_image: z.string().nullable() }),
            verification_ticket: z.string(),
          })
          .optional(),
      }),
      failureSchema,
    ]),
  }),
  signInWithLogin: () => call({
    method: 'GET',
    path: '/auth/public/sign-in-with-login',
    auth: 'none',
    /** The card query (id, type) the login page was opened with, handed back to the callback for a new account. */
    query: z.object({ id: z.string().max(200).optional(), type: z.string().max(50).optional() }),
    answer: wireData(z.object({ url: z.string() })),
  }),
  /** The social sign-in provider's name; null: not configured, and the login page shows no button. */
  socialProvider: () => call({
    method: 'GET',
    path: '/auth/public/social-provider',
    auth: 'none',
    answer: wireData(z.object({ name: z.string().nullable() })),
  }),
  forgotPassword: () => call({ method: 'POST', path: '/auth/public/api/forgot-password', auth: 'none', body: forgotPasswordSchema, answer: plainAnswerSchema }),
  resetPassword: () => call({ method: 'POST', path: '/auth/public/api/reset-password', auth: 'none', body: resetPasswordSchema, answer: plainAnswerSchema }),
  changePassword: () => call({ method: 'POST', path: '/auth/api/change-password', auth: 'bearer', body: changePasswordSchema, answer: plainAnswerSchema }),
  logout: () => call({ method: 'POST', path: '/auth/api/logout', auth: 'bearer', answer: plainAnswerSchema }),
  /** sessions list (newest first) */
  listSessions: () => call({
    method: 'GET',
    path: '/auth/api/sessions',
    auth: 'bearer',
    answer: wireData(z.object({ sessions: z.array(sessionInfoSchema) })),
  }),
  endSession: () => call({
    method: 'DELETE',
    path: '/auth/api/sessions/:sessionId',
    auth: 'bearer',
    params: z.object({ sessionId: id }),
    answer: plainAnswerSchema,
  }),
  endOtherSessions: () => call({
    method: 'POST',
    path: '/auth/api/sessions/end-others',
    auth: 'bearer',
    answer: wireData(z.object({ ended: z.number().int().min(0) })),
  }),

  // ── Physical cards ───────────────────────────────────────────────────────
  confirmToken: () => call({
    method: 'POST',
    path: '/connect/public/api/confirm-token',
    auth: 'none',
    body: cardIdentity.extend(activationTokenSchema.shape),
    answer: plainAnswerSchema,
  }),
  addDevice: () => call({
    method: 'POST',
    path: '/connect/public/api/add-device',
    auth: 'bearer',
    body: cardIdentity.extend(activationTokenSchema.shape),
    answer: plainAnswerSchema,
  }),
  confirmCardId: () => call({
    method: 'POST',
    path: '/connect/public/api/confirm-card-id',
    auth: 'none',
    body: z.object({ card_id: id }),
    answer: wireData(z.object({ info: physicalCardSchema })),
  }),
  createCard: () => call({ method: 'POST', path: '/connect/public/api/create-card', auth: 'bearer', body: signupPayloadSchema, answer: plainAnswerSchema }),
  loadRoute: () => call({
    method: 'POST',
    path: '/connect/public/api/load-route',
    auth: 'none',
    body: cardIdentity,
    answer: wireData(z.object({ redirect_url: z.string() })),
  }),

  // ── The owner's card ─────────────────────────────────────────────────────
  /** get-card (card) */
  getCard: () => call({ method: 'GET', path: '/connect/api/get-card', auth: 'bearer', answer: wireData(ownerCardSchema) }),
  saveCard: () => call({ method: 'POST', path: '/connect/api/save-card', auth: 'bearer', body: saveCardPayloadSchema, answer: wireData(ownerCardSchema) }),
  addService: () => call({
    method: 'POST',
    path: '/v1/connect/api/add-service/:cardId',
    auth: 'bearer',
    params: z.object({ cardId: id }),
    body: addServiceFieldsSchema,
    multipart: ['service_image'],
    answer: wireData(serviceSchema),
  }),
  deleteService: () => call({ method: 'DELETE', path: '/v1/connect/api/services/:id', auth: 'bearer', params: idParam, answer: plainAnswerSchema }),

  // ── Contacts ─────────────────────────────────────────────────────────────
  /** user contacts (get-contacts) */
  getContacts: () => call({
    method: 'GET',
    path: '/connect/api/get-contacts',
    auth: 'bearer',
    answer: wireData(z.object({ contacts: z.array(contactSchema), user: userSummarySchema })),
  }),
  deleteContact: () => call({
    method: 'DELETE',
    path: '/v1/connect/api/contacts/:contactId',
    auth: 'bearer',
    params: z.object({ contactId: id }),
    answer: plainAnswerSchema,
  }),
  /** contacts delete (named path) */
  deleteContactLegacy: () => call({
    method: 'DELETE',
    path: '/connect/api/contacts/:contactId',
    auth: 'bearer',
    params: z.object({ contactId: id }),
    answer: plainAnswerSchema,
  }),
  /** contacts download (vCard) */
  downloadContact: () => call({
    method: 'GET',
    path: '/v1/connect/api/contacts/:contactId/download',
    auth: 'bearer',
    params: z.object({ contactId: id }),
    answer: 'vcard',
  }),
  /** Sets or clears the owner's note on one of their contacts (ours); answers the contact. */
  setContactNote: () => call({
    method: 'POST',
    path: '/v1/connect/api/contacts/:contactId/note',
    auth: 'bearer',
    params: z.object({ contactId: id }),
    body: z.object({ note: contactNoteSchema }),
    answer: wireData(contactSchema),
  }),
  exchangeContact: () => call({
    method: 'POST',
    path: '/connect/public/api/exchange-contact',
    auth: 'none',
    body: contactExchangeSchema.extend({ card_id: id, device_type: z.string().min(1).max(32) }),
    /** `link`: the owner's card's link, where the form ends when there is no page to go back to. */
    answer: wire({ link: z.string().optional() }),
  }),

  // ── Public card ──────────────────────────────────────────────────────────
  connectVcard: () => call({ method: 'GET', path: '/connect/public/api/connect-vcard', auth: 'none', query: linkQuery, answer: wireData(publicCardSchema) }),
  vcardDownload: () => call({ method: 'GET', path: '/connect/public/api/vcard-download', auth: 'none', query: linkQuery, answer: 'vcard' }),

  // ── Uploads ──────────────────────────────────────────────────────────────
  uploadFile: () => call({
    method: 'POST',
    path: '/spaces/api/uploadFile',
    // Anyone may upload (onboarding comes before sign-up); a signed-in person's uploads count on their account.
    auth: 'optional',
    body: uploadFieldsSchema,
    multipart: ['file'],
    answer: wireData(uploadResultSchema),
  }),

  // ── Events: organiser ────────────────────────────────────────────────────
  listEvents: () => call({
    method: 'GET',
    path: '/event/api/events',
    auth: 'bearer',
    query: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(100) }),
    answer: wireData(eventListsSchema.extend({ user: userSummarySchema })),
  }),
  getEvent: () => call({ method: 'GET', path: '/event/api/events/:id', auth: 'bearer', params: idParam, answer: wireData(eventSchema) }),
  createEvent: () => call({ method: 'POST', path: '/event/api/events', auth: 'bearer', headers: idempotencyHeadersSchema, body: eventPayloadSchema, answer: wireData(eventSchema) }),
  updateEvent: () => call({ method: 'POST', path: '/event/api/events/:id', auth: 'bearer', params: idParam, body: eventPayloadSchema, answer: wireData(eventSchema) }),
  deleteEvent: () => call({ method: 'DELETE', path: '/event/api/events/:id', auth: 'bearer', params: idParam, answer: plainAnswerSchema }),
  adminEvent: () => call({ method: 'GET', path: '/event/api/admin-event/:id', auth: 'bearer', params: idParam, answer: wireData(adminEventSchema) }),
  checkIn: () => call({
    method: 'POST',
    path: '/event/api/check-in/:id',
    auth: 'bearer',
    params: idParam,
    // `checked_in` is ours: the switch states the wanted value so a repeated request cannot flip it back.
    body: z.object({ event_id: id, url_id: z.string().max(128).optional(), checked_in: z.boolean().optional() }),
    answer: wireData(z.object({ status: z.boolean(), event_id: id })),
  }),
  /** create-chat (admin) */
  adminChat: () => call({
    method: 'POST',
    path: '/event/api/create-chat/:id',
    auth: 'bearer',
    params: idParam,
    body: chatPostSchema,
    answer: wireData(chatMessageSchema),
  }),
  /** create-private-chat (admin) */
  adminPrivateChat: () => call({
    method: 'POST',
    path: '/event/api/create-private-chat/:id',
    auth: 'bearer',
    params: idParam,
    body: privateChatPostSchema,
    answer: wireData(privateChatSchema),
  }),

  // ── Events: public and attendees ─────────────────────────────────────────
  findEvents: () => call({
    method: 'POST',
    path: '/event/public/api/find-events',
    auth: 'none',
    body: z.object({ title: z.string().trim().min(1).max(200) }),
    answer: wireData(z.array(eventSchema)),
  }),
  publicEvent: () => call({ method: 'GET', path: '/event/public/api/events/:id', auth: 'none', params: idParam, answer: wireData(eventSchema) }),
  /** event attendees (public list) */
  eventAttendees: () => call({
    method: 'GET',
    path: '/event/public/api/events/:id/attendees',
    auth: 'none',
    params: idParam,
    answer: wireData(z.object({ attendees: z.array(publicAttendeeSchema), registered: z.number().int(), capacity: z.number().int() })),
  }),
  /** card open (event by clean name) */
  openEvent: () => call({
    method: 'GET',
    path: '/event/public/api/open',
    auth: 'none',
    query: z.object({ id: z.string().min(1).max(200) }),
    answer: wireData(z.object({ event: eventSchema })),
  }),
  cardEvents: () => call({ method: 'GET', path: '/event/public/api/card-events', auth: 'none', query: linkQuery, answer: wireData(eventListsSchema) }),
  register: () => call({
    method: 'POST',
    path: '/event/public/api/register',
    auth: 'none',
    body: registrationSchema.extend({ event_id: id, image: ownImageSchema.optional() }),
    // `pending` is ours: a free ticket of an event that asks for email confirmation waits for it (link '').
    // `hold_until` is ours: a paid ticket is held for its payment until then (ISO time; link is the provider's page).
    // `release_token` is ours: with a held paid ticket, the secret that gives its seat back (releaseHeldTicket).
    answer: wire({ link: z.string(), pending: z.boolean().optional(), hold_until: z.iso.datetime().optional(), release_token: z.string().optional() }),
  }),
  /** ours: the buyer of a paid ticket held for its payment gives the seat back at once. */
  releaseHeldTicket: () => call({
    method: 'POST',
    path: '/event/public/api/release-held-ticket',
    auth: 'none',
    body: heldTicketReleaseSchema,
    answer: plainAnswerSchema,
  }),
  confirmRegistration: () => call({
    method: 'POST',
    path: '/event/public/api/confirm-registration',
    auth: 'none',
    body: registrationConfirmSchema,
    answer: wire({ link: z.string() }),
  }),
  paymentSuccessful: () => call({
    method: 'POST',
    path: '/event/public/api/payment-successful',
    auth: 'none',
    body: z.looseObject({ reference: z.string().min(1).max(128) }),
    answer: ticketPaymentAnswerSchema,
  }),
  eventToken: () => call({ method: 'GET', path: '/event/public/api/token/:id', auth: 'none', params: tidParam, answer: wireData(attendeeTokenSchema) }),
  chip: () => call({ method: 'GET', path: '/event/public/api/chip/:id', auth: 'optional', params: idParam, answer: wireData(chipRecordSchema) }),
  bindChip: () => call({
    method: 'POST',
    path: '/event/public/api/chip/:id',
    auth: 'none',
    params: idParam,
    body: chipTokenSchema,
    answer: wireData(z.object({ event_id: id })),
  }),
  chat: () => call({
    method: 'POST',
    path: '/event/public/api/create-chat/:id',
    auth: 'none',
    params: tidParam,
    body: chatPostSchema,
    answer: wireData(chatMessageSchema),
  }),
  privateChat: () => call({
    method: 'POST',
    path: '/event/public/api/create-private-chat/:id',
    auth: 'none',
    params: tidParam,
    body: privateChatPostSchema,
    answer: wireData(privateChatSchema),
  }),

  // ── Shop ─────────────────────────────────────────────────────────────────
  preorder: () => call({ method: 'POST', path: '/preorder/public/save', auth: 'none', body: preorderSchema, answer: plainAnswerSchema }),
  createOrder: () => call({
    method: 'POST',
    path: '/v1/connect/api/orders',
    auth: 'none',
    body: orderPayloadSchema,
    answer: wireData(z.object({ reference: z.string(), url: z.string() })),
  }),
  getOrder: () => call({
    method: 'GET',
    path: '/v1/connect/api/orders/:reference',
    auth: 'none',
    params: referenceParam,
    answer: orderLookupAnswerSchema,
  }),
  /** Ours: a fresh payment of a declined order's items, priced again on the server; the declined order stays declined. */
  retryOrder: () => call({
    method: 'POST',
    path: '/v1/connect/api/orders/:reference/retry',
    auth: 'none',
    params: referenceParam,
    answer: wireData(z.object({ reference: z.string(), url: z.string() })),
  }),
});

export type Calls = typeof calls;
export type CallName = keyof Calls;

/**
 * The upstream's development-only pages live under this prefix (the dev outbox, registered only without
 * SMTP): only a direct caller on the upstream's machine may read them (isLocalOnlyCaller, shared/net),
 * and the gateway refuses any request for them that a proxy or tunnel passed on.
 */
export const DEV_PAGES_PREFIX = '/dev';

/** Pages and files the upstream serves outside the JSON contract. */
export const upstreamPages = {
  /** Uploaded files; image paths starting /backend/ are prefixed with the API base by the web. */
  files: `${UPLOADED_FILES_PATH}:name`,
  /** The built-in test payment provider's hosted page for one order. */
  testProvider: '/pay/test/:reference',
  testProviderDecision: '/pay/test/:reference/decision',
  /** Mail that would have been sent, when no SMTP_URL is configured. */
  devOutbox: `${DEV_PAGES_PREFIX}/outbox`,
  health: '/healthz',
} as const;

/** The header that carries the gateway's service key. */
export const SERVICE_KEY_HEADER = 'x-service-key';

/** Fills `:name` segments of a path; each value is URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** What a call's JSON body takes (the client's input type; see client.ts for the whole input). */
export type Body<C extends Call> = C['body'] extends z.ZodType ? z.input<C['body']> : never;
