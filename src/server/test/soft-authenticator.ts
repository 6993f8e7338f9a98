import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software WebAuthn authenticator for the API tests: real P-256 keys (node:crypto), real CBOR
 * attestation objects (fmt "none") and real signed assertions, as a browser's platform
 * authenticator would produce them. Each call can lie about the origin, the RP ID or the counter,
 * as an attacker (or a cloned authenticator) would.
 */
interface Credential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  /** The signature counter to report (default: the next one). */
  counter?: number;
  /** Which credential answers (default: the newest allowed). */
  credentialId?: string;
  /** The user handle to report (default: the credential's). */
  userHandle?: string;
  /** Clear the user-verified flag. */
  noUserVerification?: boolean;
}

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  /** navigator.credentials.create(): a new discoverable credential for `options`. */
  create(
    options: { challenge: string; user: { id: string }; rp: { id?: string } },
    o: CeremonyOverrides = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const credentialId = randomBytes(32);
    const counter = o.counter ?? 0;
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const authData = this.authData(o.rpId ?? this.rpId, 0x40 | this.flags(o), counter, attested);
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, o.origin);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    const id = b64(credentialId);
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter });
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion over `options.challenge`. */
  get(options: { challenge: string; allowCredentials?: Array<{ id: string }> }, o: CeremonyOverrides = {}) {
    const allowed = options.allowCredentials?.length
      ? this.credentials.filter((c) => options.allowCredentials!.some((a) => a.id === c.id))
      : this.credentials;
    const credential = o.credentialId
      ? this.credentials.find((c) => c.id === o.credentialId)
      : allowed.at(-1);
    if (!credential) throw new Error("soft authenticator: no credential for these options");
    credential.counter = o.counter ?? credential.counter + 1;
    const authData = this.authData(o.rpId ?? this.rpId, this.flags(o), credential.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, o.origin);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: o.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  private flags(o: CeremonyOverrides): number {
    return 0x01 | (o.noUserVerification ? 0 : 0x04); // UP, UV
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
