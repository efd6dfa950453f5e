import { z } from 'zod';
import { inlineEditSchema, ownImageSchema, quickLinkFieldSchema, serviceFormSchema } from '../rules/index.js';
import { call, id, idParam, type CallFactories } from './core.js';
import { plainAnswerSchema, wireData } from './envelope.js';
import { ownerCardSchema, serviceSchema } from './entities.js';

/**
 * The owner's card: its content (profile, quick links) and its services. The owner's other calls
 * about their card (physical cards, analytics, the services' order) are in owner-card.ts.
 */

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

/** Built once each, on first use, in `calls`. */
export const cardContentCallFactories = {
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
} satisfies CallFactories;
