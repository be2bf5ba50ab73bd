import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/**
 * Passwords leave the browser as the hex SHA-256 of their UTF-8 text (SPEC 5, DESIGN 3). A pure
 * implementation, because WebCrypto is missing on plain-HTTP intranet addresses.
 */
export const hashPassword = (plain: string) => bytesToHex(sha256(utf8ToBytes(plain)))
