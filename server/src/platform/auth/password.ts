import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** DESIGN 1: scrypt N=2^15, r=8, p=1, maxmem 64 MiB, per-user salt. */
const N = 2 ** 15
const R = 8
const P = 1
const KEY_LEN = 32
const MAXMEM = 64 * 1024 * 1024

const derive = (secret: string, salt: Buffer, n: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(secret, salt, KEY_LEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key)))
  })

/** What the browser sends for a password (DESIGN 3): lowercase hex SHA-256 of the UTF-8 text. */
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** Hashes the client-side digest for storage: `scrypt$N$r$p$salt$key`. */
export const hashPassword = async (clientDigest: string): Promise<string> => {
  const salt = randomBytes(16)
  const key = await derive(clientDigest, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export const verifyPassword = async (clientDigest: string, stored: string): Promise<boolean> => {
  const [alg, n, r, p, salt, key] = stored.split('$')
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(clientDigest, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
