/**
 * A software passkey for tests that drive the staff API without a browser: it answers the
 * server's WebAuthn options as a platform authenticator with user verification would
 * (https://www.w3.org/TR/webauthn-3/#sctn-authenticator-data): ES256 keys, "none" attestation,
 * a signature counter, and client data naming the origin it is told to. It can also lie (another
 * origin, a wrong challenge) so tests can see the server refuse.
 *
 * The browser tests use Chromium's own virtual authenticator instead (tests/e2e/staff.spec.ts).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The parts of CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** What the server sends for a ceremony (the fields used here). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface Lies {
  /** Client data's origin (default: the authenticator's). */
  origin?: string;
  /** Client data's challenge (default: the server's). */
  challenge?: string;
  /** Leave the user-verified flag off. */
  unverified?: boolean;
}

/** One passkey on one software authenticator. */
export class SoftPasskey {
  readonly credentialId: Uint8Array = randomBytes(32);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  #counter = 0;
  #userHandle = '';
  readonly #origin: string;

  /** @param origin the page's origin the "browser" reports (the staff origin) */
  constructor(origin: string) {
    this.#origin = origin;
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  /** The credential id as the server stores it. */
  get id(): string {
    return b64url(this.credentialId);
  }

  #clientData(type: string, challenge: string, lies: Lies): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: lies.challenge ?? challenge,
        origin: lies.origin ?? this.#origin,
        crossOrigin: false,
      }),
    );
  }

  #authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    this.#counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.#counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  /** Answers a registration ceremony (`navigator.credentials.create`). */
  create(options: CreationOptions, rpId: string, lies: Lies = {}): Record<string, unknown> {
    this.#userHandle = options.user.id;
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const flags = 0x41 | (lies.unverified ? 0 : 0x04);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.#authData(options.rp.id ?? rpId, flags, attested)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.#clientData('webauthn.create', options.challenge, lies)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers a sign-in ceremony (`navigator.credentials.get`). */
  get(options: RequestOptions, rpId: string, lies: Lies = {}): Record<string, unknown> {
    const authData = this.#authData(options.rpId ?? rpId, 0x01 | (lies.unverified ? 0 : 0x04));
    const clientData = this.#clientData('webauthn.get', options.challenge, lies);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.#privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.#userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
