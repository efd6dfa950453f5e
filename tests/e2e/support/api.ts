import { answerOrThrow, contractClient, type Call, type CallArgs, type FailureAnswer, type RequestOptions, type Success } from '@tapcard/shared/contract';

/**
 * Calls the product's API as the browser does (through the gateway's /api), its input typed by the
 * call's schemas; the answer is parsed with the contract, and an answer outside it throws.
 */
export async function callApi<C extends Call>(baseUrl: string, call: C, ...args: CallArgs<C, RequestOptions>): Promise<{ status: number; answer: Success<C> | FailureAnswer<C> }> {
  const result = await contractClient({ baseUrl: `${baseUrl}/api` }).send(call, ...args);
  return { status: result.status, answer: answerOrThrow(result) };
}
