import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../lib/ui.js';
import { mockNetwork } from '../../../test/network.js';
import { renderRoutes } from '../../../test/render.js';
import { landingRoutes } from '../test-utils.js';

beforeEach(() => {
  mockNetwork();
});

describe('FAQ', () => {
  it('lists the 11 questions as an accordion that opens with the keyboard', async () => {
    const { user } = renderRoutes(landingRoutes, '/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(11);
    expect(questions.map((q) => q.textContent)).toEqual([
      'How does the TapCard card work?',
      'What can my TapCard card do?',
      'How do I add my details to my card?',
      'Can I change my details after I receive my card?',
      'Is there a subscription fee?',
      'Is my information secure?',
      'Can I get a custom design?',
      'Which phones are compatible?',
      'Do I need an app?',
      'Does the person receiving my details need a TapCard card?',
      'What happens if my card is lost or stolen?',
    ]);
    const lost = screen.getByRole('button', { name: 'What happens if my card is lost or stolen?' });
    lost.focus();
    await user.keyboard('{Enter}');
    expect(lost).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What happens if my card is lost or stolen?' })).toHaveTextContent('profile lock feature');
    await user.click(screen.getByRole('button', { name: 'Is there a subscription fee?' }));
    expect(screen.getByRole('region', { name: 'Is there a subscription fee?' })).toHaveTextContent(/no subscription fee after purchase.*pro version/);
  });
});

describe('chat with us', () => {
  it('offers WhatsApp, email and phone contact buttons', async () => {
    renderRoutes(landingRoutes, '/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with us' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Contact us' });
    expect(within(list).getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(within(list).getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${SUPPORT_PHONE}`);
    expect(within(list).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', expect.stringContaining('https://wa.me/'));
  });
});

describe('policies', () => {
  it('has a privacy policy and a return policy page', async () => {
    const { router } = renderRoutes(landingRoutes, '/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    await router.navigate('/return-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Return Policy' })).toBeInTheDocument();
  });
});
