import path from 'node:path'
import { loadConfig, loadDotEnv, REPO_ROOT, StartupError } from './config.ts'
import { backup, restore } from './db/backup.ts'

/**
 * `npm run backup [-- <dir>]`: the embedded database and uploaded files to a new directory
 * (default backups/<time>). `npm run restore -- <dir>`: back from one. Stop the server first.
 */
const [command, dir] = process.argv.slice(2)
loadDotEnv()
try {
  const config = loadConfig()
  if (command === 'backup') {
    const target = path.resolve(
      dir ?? path.join(REPO_ROOT, 'backups', new Date().toISOString().replaceAll(/[:.]/g, '-')),
    )
    console.log(`backup written to ${await backup(config, target)}`)
  } else if (command === 'restore' && dir) {
    const asides = await restore(config, path.resolve(dir))
    console.log(
      `restored ${config.dataDir} from ${dir}${asides.length ? `; what was there is kept in ${asides.join(', ')}` : ''}`,
    )
  } else {
    throw new StartupError('usage: npm run backup [-- <dir>] | npm run restore -- <dir>')
  }
} catch (error) {
  if (!(error instanceof StartupError)) throw error
  console.error(error.message)
  process.exit(1)
}
