import { verifyAsync, hashes } from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import type { SignatureCheck } from '@tapcard/shared/domain';

// Pure-JS SHA-512: WebCrypto's digest is missing too where this fallback is needed (outside a secure context).
hashes.sha512Async = (message: Uint8Array) => Promise.resolve(sha512(message));

/** Ed25519 in JavaScript (@noble/ed25519), for browsers whose WebCrypto has no Ed25519. */
export const nobleCheck: SignatureCheck = (publicKey, signature, message) => verifyAsync(signature, message, publicKey);
