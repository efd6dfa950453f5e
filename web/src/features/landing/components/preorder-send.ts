import { calls } from '@tapcard/shared/contract';
import { preorderSchema, validate, type PreorderValues } from '@tapcard/shared/rules';
import { api } from '../../../lib/api.js';

/*
 * The pre-order form's schema and call: loaded when the form is first used, not with the page, so the
 * landing page's first render carries no zod schema and no API client.
 */

export function checkPreorder(values: PreorderValues) {
  return validate(preorderSchema, values);
}

export function sendPreorder(body: PreorderValues) {
  return api(calls.preorder, { body });
}
