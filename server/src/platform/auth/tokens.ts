import { createHash, randomBytes } from 'node:crypto'

/** An opaque session token (sent to the client) and the hash stored in its place. */
export const newToken = () => {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashToken(token) }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
