/** How often, and how far apart, a chunk that failed to load is asked for again. */
const ATTEMPTS = 10
const APART_MS = 1_500

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A code chunk fetched on demand, asked for again while the server is away (a restart or a
 * deploy takes a few seconds): a lazy view whose first fetch failed would otherwise show the
 * error page until the user reloads. After ATTEMPTS tries the last failure is the answer.
 */
export const retryImport =
  <T>(load: () => Promise<T>, attempts = ATTEMPTS, apartMs = APART_MS) =>
  async (): Promise<T> => {
    for (let i = 1; ; i++) {
      try {
        return await load()
      } catch (err) {
        if (i >= attempts) throw err
        await wait(apartMs)
      }
    }
  }
