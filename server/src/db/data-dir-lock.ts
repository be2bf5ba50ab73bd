import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { StartupError } from '../config.ts'

/**
 * The embedded database has one owner: a second server on the same files would keep its own
 * copy of every page in memory and the two would overwrite each other's writes. The owner holds
 * `DATA_DIR/pglite.lock` (its PID) for the life of the process; the file is created with
 * O_CREAT | O_EXCL, so of two servers starting together one wins.
 */
export const LOCK_FILE = 'pglite.lock'

type Owner = { pid: number; started: string | null }

/**
 * When a process started (Linux: field 22 of /proc/<pid>/stat, clock ticks since boot), to tell
 * a PID reused by another process from the owner; null where there is no /proc.
 */
const startTimeOf = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command (field 2) is in parentheses and may hold spaces; fields from 3 on follow it
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

const contentOf = (owner: Owner) => `${owner.pid}\n${owner.started ? `started ${owner.started}\n` : ''}`

const parse = (text: string): Owner | null => {
  const [first, ...rest] = text.split('\n')
  if (!first || !/^[1-9]\d*$/.test(first)) return null
  const started = rest.find((l) => l.startsWith('started '))?.slice('started '.length) || null
  return { pid: Number(first), started }
}

/** Is the lock's owner still running? A dead PID, or one reused by a later process, is not. */
const isRunning = (owner: Owner) => {
  // our own PID was the owner's before us: containers hand out the same PIDs at every start
  if (owner.pid === process.pid) return false
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  if (owner.started) {
    const now = startTimeOf(owner.pid)
    if (now !== null && now !== owner.started) return false
  }
  return true
}

const readOrNull = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

const ageMs = (file: string) => {
  try {
    return Date.now() - statSync(file).mtimeMs
  } catch {
    return 0
  }
}

/**
 * Removes a stale lock, but only the one that was judged stale: it is moved aside first (one
 * atomic step), and if what moved is not that file, another server replaced the stale lock in the
 * meantime and its live lock goes back.
 */
const removeStale = (file: string, stale: string) => {
  const aside = `${file}.${process.pid}.stale`
  try {
    renameSync(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  const moved = readFileSync(aside, 'utf8')
  if (moved !== stale) {
    try {
      writeFileSync(file, moved, { flag: 'wx' })
    } catch {
      // a third server took the place in the meantime; it owns the directory now
    }
  }
  unlinkSync(aside)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Takes `dataDir`'s lock for this process, or refuses with a one-line StartupError naming the
 * directory and the owner's PID. A lock left by a process that is gone (kill -9, a crash, a
 * restarted container) is taken over. The lock is released when the process exits; the answer
 * releases it earlier.
 */
export const lockDataDir = async (dataDir: string): Promise<() => void> => {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const mine = contentOf({ pid: process.pid, started: startTimeOf(process.pid) })
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' })
      const release = () => {
        process.off('exit', release)
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file)
        } catch {
          // gone already
        }
      }
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const seen = readOrNull(file)
    if (seen === null) continue
    const owner = parse(seen)
    if (!owner && ageMs(file) < 2000) {
      // created an instant ago and not yet written
      await sleep(20)
      continue
    }
    if (owner && isRunning(owner)) {
      throw new StartupError(
        `DATA_DIR ${dataDir} is in use by another server (PID ${owner.pid}, lock ${file}): stop it, or give this server another DATA_DIR`,
      )
    }
    removeStale(file, seen)
  }
  throw new StartupError(`could not take the lock ${file}: it keeps changing`)
}
