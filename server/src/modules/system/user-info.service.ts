import type { Depart, DictListItem, Lang, UserInfo } from '@app/contracts'
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { codeTable, departments, dictItems, dictTypes, userDepartments } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'

/** The departments a user belongs to, in tree order. */
export const listUserDeparts = async (db: DbOrTx, userId: string): Promise<Depart[]> =>
  db
    .select({
      id: departments.id,
      orgCode: departments.orgCode,
      departName: departments.departName,
      departNameEn: departments.departNameEn,
    })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departId))
    .where(eq(userDepartments.userId, userId))
    .orderBy(asc(departments.orgCode))

type UserBasics = Pick<Principal, 'userId' | 'username' | 'realname' | 'orgCode' | 'lang' | 'roleCodes' | 'dataScope'>

export const buildUserInfo = (user: UserBasics, departs: readonly Depart[]): UserInfo => {
  const current = departs.find((d) => d.orgCode === user.orgCode) ?? null
  return {
    id: user.userId,
    username: user.username,
    realname: user.realname,
    orgCode: current?.orgCode ?? null,
    departName: current?.departName ?? null,
    departNameEn: current?.departNameEn ?? null,
    lang: user.lang,
    roles: user.roleCodes,
    dataScope: user.dataScope,
  }
}

/** Every active dictionary item, labelled in `lang` (SPEC 3 login session 'dictionary list'). */
export const listDictItems = async (db: DbOrTx, lang: Lang): Promise<DictListItem[]> => {
  const rows = await db
    .select({
      dicCode: dictItems.value,
      dicTypeId: dictItems.dictId,
      dicTypeCode: dictTypes.dictCode,
      textId: dictItems.textId,
      zh: codeTable.zh,
      en: codeTable.en,
    })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.dictId))
    .leftJoin(codeTable, eq(codeTable.id, dictItems.textId))
    .where(eq(dictItems.status, '1'))
    .orderBy(asc(dictItems.dictId), asc(dictItems.sortNo))
  return rows.map(({ zh, en, ...r }) => ({ ...r, dicName: (lang === 'en' ? en : zh) ?? r.dicCode }))
}
