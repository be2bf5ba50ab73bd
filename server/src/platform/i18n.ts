import { type Lang, parseLang, ruleText } from '@app/contracts'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { en, zhCN } from 'zod/locales'

/**
 * The language of a request: the `langCode` header (SPEC 7), else the user's own setting, else zh.
 */
export const requestLang = (req: FastifyRequest): Lang => {
  const header = req.headers.langcode
  if (typeof header === 'string' && header) return parseLang(header)
  return req.principal?.lang ?? 'zh'
}

const localeErrors = { zh: zhCN().localeError, en: en().localeError }

type RawIssue = Parameters<(typeof localeErrors)['en']>[0]

export type IssueOut = { path: string; code: string; message: string }

/**
 * Zod issues in the user's language: a rule across fields (record-rules.ts) by its text, another
 * custom message written in a schema as written.
 */
export const localizeIssues = (issues: readonly z.core.$ZodIssue[], lang: Lang): IssueOut[] =>
  issues.map((issue) => {
    let message = issue.message
    if (issue.code === 'custom') message = ruleText(message, lang) ?? message
    else {
      const localized = localeErrors[lang]({ ...issue, input: undefined } as unknown as RawIssue)
      if (typeof localized === 'string') message = localized
      else if (localized?.message) message = localized.message
    }
    return { path: issue.path.map(String).join('.'), code: issue.code, message }
  })
