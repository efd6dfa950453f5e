import { routes } from '../lib/paths.js';
import { ButtonLink } from './Button.js';
import { Page } from './Page.js';

export const GET_STARTED_TEXTS = {
  title: "Let's get you started",
  body: 'This event is not ready yet. Get your card and check back soon.',
  getCard: 'Get a Card',
  home: 'Home',
} as const;

/**
 * The placeholder the chats and the chip page show when the event's start date fails the date check
 * (the "Let's get you started" / onboarding page).
 */
export function GetStartedPanel() {
  return (
    <Page>
      <section style={{ textAlign: 'center', display: 'grid', gap: 'var(--space-3)', paddingTop: 'var(--space-6)' }}>
        <h1>{GET_STARTED_TEXTS.title}</h1>
        <p>{GET_STARTED_TEXTS.body}</p>
        <div style={{ display: 'flex', gap: 'var(--space-3)', justifyContent: 'center', flexWrap: 'wrap' }}>
          <ButtonLink to={routes.getCard}>{GET_STARTED_TEXTS.getCard}</ButtonLink>
          <ButtonLink to={routes.home} variant="secondary">
            {GET_STARTED_TEXTS.home}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
