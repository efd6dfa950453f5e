import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { fail, mockNetwork, ok, type MockNetwork } from '../../../test/network.js';
import { submitAndExpect, typeInto } from '../../../test/forms.js';
import { linksIn, renderRoutes } from '../../../test/render.js';
import { inAppPath } from '../components/CardTapRedirect.js';
import { forgetPreorderDraft } from '../components/PreorderForm.js';
import { landingRoutes } from '../test-utils.js';

let net: MockNetwork;
beforeEach(() => {
  net = mockNetwork();
  forgetPreorderDraft();
});

describe('landing page', () => {
  it('shows the hero, the marketing line, both navigations and the footer links', async () => {
    renderRoutes(landingRoutes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Digital Culture In One Card' })).toBeInTheDocument();
    expect(screen.getAllByText('one tap to share and connect with people').length).toBeGreaterThan(0);

    const compact = screen.getByRole('navigation', { name: 'Main' });
    expect(linksIn(compact)).toEqual([
      ['CARD', '/get-card'],
      ['FAQs', '/faq'],
      ['LOGIN', '/login'],
      ['Order Now', '/get-started'],
    ]);
    const menu = screen.getByRole('navigation', { name: 'Site' });
    expect(linksIn(menu)).toEqual([
      ['About', '/#about'],
      ['Connect', '/#connect'],
      ['Event', '/#event'],
      ['FAQs', '/faq'],
      ['Get Cards', '/get-started'],
      ['Login', '/login'],
    ]);
    for (const name of ['Features', 'Security', 'Eco-friendly', 'About', 'Connect', 'Event']) expect(screen.getByText(name, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Why we built TapCard' })).toHaveAttribute('id', 'about');

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Return Policy' })).toHaveAttribute('href', '/return-policy');
    expect(screen.getByRole('form', { name: 'Pre-order your card' })).toBeInTheDocument();
  });

  it('resolves a card tap (id and type) with a loader and goes to the returned page, replacing history', async () => {
    net.on(calls.loadRoute, ok({ redirect_url: '/onboarding?id=card-9&type=nfc' }));
    const { router } = renderRoutes(landingRoutes, '/?id=card-9&type=nfc');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('onboarding page /onboarding?id=card-9&type=nfc')).toBeInTheDocument();
    expect(net.sent(calls.loadRoute)[0]?.body).toEqual({ card_id: 'card-9', type: 'nfc' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('resolves a tap on the card route to an activated card page', async () => {
    net.on(calls.loadRoute, ok({ redirect_url: '/card/connect?link=ada-obi' }));
    renderRoutes(landingRoutes, '/card?id=card-1&type=qr');
    expect(await screen.findByText('card page /card/connect?link=ada-obi')).toBeInTheDocument();
  });

  it('goes to the not-found page when the card cannot be resolved', async () => {
    net.on(calls.loadRoute, fail('Card not found', 404));
    renderRoutes(landingRoutes, '/?id=nope&type=nfc');
    expect(await screen.findByText('not found page /error/404')).toBeInTheDocument();
  });

  it('shows the landing page when only one of id and type is given', async () => {
    renderRoutes(landingRoutes, '/?id=card-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Digital Culture In One Card' })).toBeInTheDocument();
    expect(net.sent(calls.loadRoute)).toHaveLength(0);
  });

  it('keeps a redirect on this site inside the app', () => {
    expect(inAppPath('/card/connect?link=a', 'http://localhost:3000')).toBe('/card/connect?link=a');
    expect(inAppPath('http://localhost:3000/onboarding?id=1', 'http://localhost:3000')).toBe('/onboarding?id=1');
    expect(inAppPath('https://elsewhere.example/x', 'http://localhost:3000')).toBeNull();
  });
});

describe('pre-order', () => {
  it('shows the required messages for empty and invalid fields and sends nothing', async () => {
    const { user } = renderRoutes(landingRoutes, '/preorder');
    await submitAndExpect(user, 'Pre-order', 'Please enter your name', 'Please enter your phone number', 'Please enter your email');

    await typeInto(user, { Name: 'Ada Obi', Email: 'ada@', Phone: '12ab' });
    await submitAndExpect(user, 'Pre-order', 'Phone number is not valid', 'Your email is not valid');
    expect(screen.queryByText('Please enter your name')).not.toBeInTheDocument();
    expect(net.sent(calls.preorder)).toHaveLength(0);
  });

  it("sends name, email and phone and shows the server's message in a success alert", async () => {
    net.on(calls.preorder, ok(undefined, 'Thank you for your pre-order! We will contact you as soon as your card is ready.'));
    const { user } = renderRoutes(landingRoutes, '/preorder');
    await typeInto(user, { Name: 'Ada Obi', Email: 'ada@example.com', Phone: '+2348012345678' });
    await user.click(screen.getByRole('button', { name: 'Pre-order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Thank you for your pre-order! We will contact you as soon as your card is ready.');
    expect(alert).toHaveClass('success');
    expect(net.sent(calls.preorder)[0]?.body).toEqual({ name: 'Ada Obi', email: 'ada@example.com', phone: '+2348012345678' });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's failure message in an alert styled danger", async () => {
    net.on(calls.preorder, fail('Too many requests, please try again later', 429));
    const { user } = renderRoutes(landingRoutes, '/');
    const form = await screen.findByRole('form', { name: 'Pre-order your card' });
    await user.type(within(form).getByLabelText('Name'), 'Ada Obi');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Phone'), '08012345678');
    await user.click(within(form).getByRole('button', { name: 'Pre-order' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests, please try again later');
    expect(alert).toHaveClass('danger');
    expect(within(form).getByLabelText('Name')).toHaveValue('Ada Obi');
  });

  it('keeps what was typed when the visitor leaves and comes back', async () => {
    const { user, router } = renderRoutes(landingRoutes, '/preorder');
    await user.type(await screen.findByLabelText('Name'), 'Ada Obi');
    await router.navigate('/faq');
    await router.navigate('/preorder');
    expect(await screen.findByLabelText('Name')).toHaveValue('Ada Obi');
  });
});
