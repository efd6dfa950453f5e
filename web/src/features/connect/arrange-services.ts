import { ownerCardCalls, type Service } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';

/** Saves the services' switches and order (every service once, in the order to show); resolves with the services as saved. */
export async function arrangeServices(services: Service[]): Promise<Service[]> {
  const answer = await apiOrThrow(ownerCardCalls.arrangeServices, { body: { services: services.map(({ id, enabled }) => ({ id, enabled })) } });
  return answer.data.services;
}
