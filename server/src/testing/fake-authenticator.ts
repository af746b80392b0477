import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

type Created = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, unknown>;
};
type Asserted = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: Record<string, unknown>;
};
type Credential = { privateKey: KeyObject; rpId: string; userHandle: string; counter: number };

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
// Flags of authenticator data (WebAuthn §6.1): user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A WebAuthn authenticator in the test process (a platform passkey without attestation): it makes
 * ES256 credentials and signs challenges the way a browser and its authenticator answer, so the
 * server's @simplewebauthn/server checks run for real. `verified: false` answers without user
 * verification; `origin` is what the browser would put in clientDataJSON.
 */
export function createFakeAuthenticator(origin: string) {
  const credentials = new Map<string, Credential>();
  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  const authData = (rpId: string, flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };

  return {
    /** navigator.credentials.create with the server's PublicKeyCredentialCreationOptionsJSON. */
    create(
      options: Record<string, unknown>,
      opts: { origin?: string; verified?: boolean; idBytes?: number } = {},
    ): Created {
      const { challenge, rp, user } = options as { challenge: string; rp: { id: string }; user: { id: string } };
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
      // Authenticators make ids of 16 to 1023 bytes (WebAuthn: credential id at most 1023).
      const id = randomBytes(opts.idBytes ?? 16);
      const cose = encodeCBOR(
        new Map<number, CBORType>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
      const data = authData(rp.id, UP | (opts.verified === false ? 0 : UV) | AT, 0, attested);
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', new Uint8Array(data)],
        ]),
      );
      credentials.set(b64(id), { privateKey, rpId: rp.id, userHandle: user.id, counter: 0 });
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', challenge, opts.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** navigator.credentials.get with PublicKeyCredentialRequestOptionsJSON, answered by credential `id`. */
    get(options: Record<string, unknown>, id: string, opts: { origin?: string; counter?: number } = {}): Asserted {
      const credential = credentials.get(id);
      if (!credential) throw new Error(`no credential ${id}`);
      const { challenge } = options as { challenge: string };
      credential.counter = opts.counter ?? credential.counter + 1;
      const data = authData(credential.rpId, UP | UV, credential.counter);
      const client = clientData('webauthn.get', challenge, opts.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
