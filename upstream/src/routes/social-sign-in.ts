import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import { HttpError, notFound } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import { createSession } from '../domain/sessions.js';
import { SOCIAL_NOT_CONFIGURED, SocialSignIn, SocialSignInError, socialRedirectUri } from '../domain/social-sign-in.js';
import { cardOfUser } from '../repositories/accounts.js';

/**
 * Social sign-in over OpenID Connect: the login page asks whether a provider is configured (and its
 * name for the button), sign-in-with-login starts a sign-in and answers the provider's URL, and the
 * callback (google-login, named as the web's callback page has always called it) finishes it. Without
 * configuration the button is not shown and both calls answer 404 saying so.
 */
export default async function socialSignInRoutes(app: FastifyInstance): Promise<void> {
  const oidc = app.config.oidc;
  const signIn = oidc ? new SocialSignIn(oidc, socialRedirectUri(app.config.publicUrl), app.config.uploadDir) : null;

  const configured = (request: FastifyRequest): SocialSignIn => {
    if (signIn) return signIn;
    request.log.info('social sign-in asked for, but OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set');
    throw notFound(SOCIAL_NOT_CONFIGURED);
  };

  route(app, calls.socialProvider)(async () => {
    return { success: 'true', data: { name: signIn?.providerName ?? null } };
  });

  route(app, calls.signInWithLogin)(async ({ query, request }) => {
    const social = configured(request);
    try {
      const url = await social.start(app.db, app.now(), { id: query.id, type: query.type });
      return { success: 'true', data: { url } };
    } catch (error) {
      request.log.error({ err: error }, 'social sign-in could not start: the provider could not be discovered');
      throw new HttpError(503, `Sign-in with ${social.providerName} is not available right now. Please try again later.`);
    }
  });

  route(app, calls.googleLogin)(async ({ request }) => {
    const social = configured(request);
    const queryString = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const now = app.now();
    let outcome;
    try {
      outcome = await social.finish(app.db, now, queryString);
    } catch (error) {
      const why = error instanceof SocialSignInError ? error.message : 'unexpected error';
      request.log.warn({ err: error instanceof SocialSignInError ? error.cause : error }, `social sign-in refused: ${why}`);
      throw new HttpError(400, messages.socialSignupFailed);
    }
    if (outcome.kind === 'existing') {
      if (outcome.linked) request.log.info({ userId: outcome.userId }, 'social sign-in: provider identity linked to the account with its verified email');
      const session = await createSession(app.db, outcome.userId, now, request);
      const card = await cardOfUser(app.db, outcome.userId);
      return { success: 'true', message: 'Logged in', data: { ...session, card_url: card ? pages.cardConnect(card.link) : null } };
    }
    if (outcome.pictureProblem) request.log.warn(`social sign-in: ${outcome.pictureProblem}`);
    return {
      success: 'true',
      message: 'New account',
      signup: {
        card_id: outcome.cardId,
        token: null,
        type: outcome.cardType,
        // No password comes from the provider: the person chooses one during onboarding.
        user: { email: outcome.email, auth_type: social.providerName, password: '', name: outcome.name, profile_image: outcome.picture },
        verification_ticket: outcome.verificationTicket,
      },
    };
  });
}
