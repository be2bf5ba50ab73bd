import type { RecordRule } from '@app/contracts'
import { Col, Form, type FormInstance, Row } from 'antd'
import type { Rule } from 'antd/es/form'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { listSupportApi } from '../../api/resources.ts'
import { FieldWidget } from './FieldWidget.tsx'
import { checkValue, type FormFieldSpec, keepingRule, requiredRule, toPayload } from './form-spec.ts'
import type { FormMode } from './types.ts'
import { useLooseT } from './useFieldLabel.ts'

type Props = {
  /** Names the form: field ids are `<name>_<field>`, unique on the page. */
  name: string
  form: FormInstance
  specs: readonly FormFieldSpec[]
  mode: FormMode
  label: (field: string) => string
  /** Unique fields checked against the server while typing (needs the table name). */
  unique: readonly string[]
  /** The resource's rules across fields (contracts' record-rules.ts), checked on the field each falls on. */
  recordRules?: readonly RecordRule[]
  table?: string
  recordId?: string
  /** The record being edited is still on its way: every field waits for it. */
  loading?: boolean
  initialValues?: Record<string, unknown>
}

const DUPLICATE_DEBOUNCE_MS = 400

/**
 * The generated form: one item per field spec in a three-column grid, required marks and checks
 * from the zod schema, a duplicate check for unique fields, locked fields on edit.
 */
export const RecordForm = ({
  name,
  form,
  specs,
  mode,
  label,
  unique,
  recordRules = [],
  table,
  recordId,
  loading = false,
  initialValues,
}: Props) => {
  const { t } = useTranslation()
  const loose = useLooseT()

  const rulesOf = (spec: FormFieldSpec): Rule[] => {
    const title = label(spec.name)
    const rules: Rule[] = [
      { ...requiredRule(t, title, spec.widget), required: spec.required },
      {
        validator: async (_, value) => {
          const issue = checkValue(spec, value)
          if (issue) throw new Error(loose(issue.key, { label: title, ...issue.values }))
        },
      },
      ...(spec.override?.rules ?? []),
      // a rule across fields, on the record as the form stands (its other fields' changes check it again)
      ...recordRules
        .filter((rule) => rule.field === spec.name)
        .map((rule) => keepingRule(rule, (f) => toPayload(specs, f.getFieldsValue(true)))),
    ]
    if (table && unique.includes(spec.name)) {
      rules.push({
        validator: async (_, value) => {
          if (typeof value !== 'string' || value.trim() === '') return // SPEC 5: blank passes
          try {
            await listSupportApi.duplicateCheck(table, spec.name, value.trim(), recordId)
          } catch (e) {
            throw new Error(failureText(e))
          }
        },
      })
    }
    return rules
  }

  const dependenciesOf = (spec: FormFieldSpec) => {
    const reads = recordRules.filter((rule) => rule.field === spec.name).flatMap((rule) => rule.reads)
    const all = [...(spec.override?.dependencies ?? []), ...reads]
    return all.length > 0 ? all : undefined
  }

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      data-testid="record-form"
      scrollToFirstError
    >
      <Row gutter={24}>
        {specs.map((spec) => {
          const locked = mode === 'edit' && spec.lockedOnEdit
          const disabled = loading || Boolean(locked)
          const isUnique = Boolean(table && unique.includes(spec.name))
          return (
            <Col key={spec.name} xs={24} md={spec.span === 24 ? 24 : 12} xl={spec.span}>
              <Form.Item
                name={spec.name}
                label={label(spec.name)}
                rules={rulesOf(spec)}
                dependencies={dependenciesOf(spec)}
                validateFirst
                validateDebounce={isUnique ? DUPLICATE_DEBOUNCE_MS : undefined}
                tooltip={locked ? t('list.form.lockedOnEdit') : undefined}
              >
                {spec.override?.render ? (
                  spec.override.render({ mode, disabled })
                ) : (
                  <FieldWidget spec={spec} disabled={disabled} recordId={recordId} />
                )}
              </Form.Item>
            </Col>
          )
        })}
      </Row>
    </Form>
  )
}
