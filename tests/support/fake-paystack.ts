// The fake Paystack lives in the testkit, so the upstream's route tests start it too.
export * from '@tapcard/testkit/paystack';
