import type { AddressInfo } from 'node:net'
import { startMailSink, startMailSinkPage } from './modules/notify/mail-sink.ts'

/**
 * `npm run mail:sim`: a local SMTP server that keeps every mail (MAIL_SIM_SMTP_PORT, default 1025)
 * and a page listing and showing them (MAIL_SIM_PORT, default 1080). Prints what to set in the
 * product's environment.
 */
const host = process.env.MAIL_SIM_HOST ?? '127.0.0.1'
const sink = await startMailSink({ port: Number(process.env.MAIL_SIM_SMTP_PORT ?? 1025), host })
const page = await startMailSinkPage(sink, { port: Number(process.env.MAIL_SIM_PORT ?? 1080), host })
const pagePort = (page.address() as AddressInfo).port
console.log(`Mail sink: SMTP on ${sink.url}, caught mails at http://${host}:${pagePort}/
Start the product with:
  SMTP_URL=${sink.url}
  APP_URL=http://localhost:5173   (or the address people open the product at)`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    page.close()
    void sink.close().then(() => process.exit(0))
  })
