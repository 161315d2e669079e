// http_ece (Encrypted Content-Encoding, RFC 8188/8291) comes with web-push and ships no types; the push tests decrypt
// what the server sent with it, as a browser would. Only what they use is declared.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  interface Params {
    version: "aes128gcm" | "aesgcm";
    privateKey?: ECDH;
    authSecret?: Buffer | string;
    dh?: Buffer | string;
    salt?: Buffer | string;
  }
  export function decrypt(buffer: Buffer, params: Params): Buffer;
  export function encrypt(buffer: Buffer, params: Params): Buffer;
}
