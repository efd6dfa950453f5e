import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, type OwnerCard } from '@tapcard/shared/contract';
import { stubImageDecoding } from '../../test/browser.js';
import { mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { renderRoutes, signIn } from '../../test/render.js';
import { ConnectPage } from './routes.js';

const pages = [{ path: '/connect', Component: ConnectPage }];
const CARD: OwnerCard = {
  card: { profile: null, title: 'Ada Lovelace', description: '', sub_title: '', card_id: 'prof-1', link: 'ada-1' },
  fields: [],
  services: [],
};

let net: MockNetwork;
beforeEach(() => {
  signIn();
  stubImageDecoding();
  // jsdom has no object URLs (the chosen image's preview).
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:test/preview', revokeObjectURL: () => undefined }));
  net = mockNetwork();
  net.on(calls.getCard, ok(CARD));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the square crop step', () => {
  it('crops a service image before it is added: Cancel keeps none, Use photo sends the square', async () => {
    net.on(calls.addService, ok({ id: 'svc-1', service_image: null, service_name: 'Design', service_description: 'Card design', phone: '+2348031234567', link: 'https://ada.dev', enable_enquiry: true }));
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Service' });
    const input = within(dialog).getByLabelText('Service Image (optional)');

    await user.upload(input, new File(['shop'], 'shop.png', { type: 'image/png' }));
    let crop = await screen.findByRole('dialog', { name: 'Crop your photo' });
    // The cropping library arrives with the photo in it (jsdom never decodes it, so no crop area is drawn).
    const cropper = await within(crop).findByTestId('container');
    expect(cropper.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await user.click(within(crop).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop your photo' })).toBeNull());
    expect(within(dialog).queryByRole('img', { name: 'Chosen service image' })).toBeNull();

    await user.upload(input, new File(['shop'], 'shop.png', { type: 'image/png' }));
    crop = await screen.findByRole('dialog', { name: 'Crop your photo' });
    const zoom = within(crop).getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    fireEvent.change(zoom, { target: { value: '2' } });
    expect(zoom).toHaveValue('2');
    await user.click(within(crop).getByRole('button', { name: 'Use photo' }));
    expect(await within(dialog).findByRole('img', { name: 'Chosen service image' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Service Name'), 'Design');
    await user.type(within(dialog).getByLabelText('Description'), 'Card design');
    await user.type(within(dialog).getByLabelText('Phone Number'), '+2348031234567');
    await user.type(within(dialog).getByLabelText('Link'), 'https://ada.dev');
    await user.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(net.sent(calls.addService)).toHaveLength(1));
    const image = net.sent(calls.addService)[0]?.form?.get('service_image');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('shop.png');
  });

  it('asks no crop of an image over 10 MB: the size warning says why', async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Service' });
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    await user.upload(within(dialog).getByLabelText('Service Image (optional)'), big);
    expect(await screen.findByText('Image size must not be larger than 10MB')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop your photo' })).toBeNull();
  });
});
