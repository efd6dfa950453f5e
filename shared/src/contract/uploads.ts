import { z } from 'zod';
import { call, type CallFactories } from './core.js';
import { wireData } from './envelope.js';
import { uploadResultSchema } from './entities.js';

/**
 * Uploads: an image file, stored for a profile, a service or an event.
 */

export const uploadFieldsSchema = z.object({
  folder: z.enum(['profile', 'services', 'events_gallery', 'events_banner']),
  name: z.string().min(1).max(200),
});

/** Built once each, on first use, in `calls`. */
export const uploadCallFactories = {
  uploadFile: () => call({
    method: 'POST',
    path: '/spaces/api/uploadFile',
    // Anyone may upload (onboarding comes before sign-up); a signed-in person's uploads count on their account.
    auth: 'optional',
    body: uploadFieldsSchema,
    multipart: ['file'],
    answer: wireData(uploadResultSchema),
  }),
} satisfies CallFactories;
