import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  AuditBusiness,
  type AuditConfig,
  type AuditConfigInput,
  type AuditStepInput,
  RECORD_RULES,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  TreeSelect,
} from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { approvalApi } from '../../api/approval.ts'
import { failureText } from '../../api/http.ts'
import { keepingRule, requiredRule } from '../../components/list/form-spec.ts'
import { useDict } from '../../components/list/useDict.ts'
import {
  NAME_SEARCH,
  namedOption,
  TREE_NAME_SEARCH,
  useDepartmentTreeByCode,
} from '../../components/list/useRefOptions.ts'
import { modalWidth } from '../../config/constants.ts'

type Values = Omit<AuditConfigInput, 'status'> & { inForce: boolean }

const emptyStep = (): AuditStepInput => ({
  deptType: 'fixed',
  roleCode: '',
  orgCode: null,
  stepName: '',
  stepNameEn: '',
  allowAdjust: false,
})

/** The businesses whose reviewers may lower an order's quantities or remove its lines (allowAdjust). */
const ADJUSTABLE: ReadonlySet<string> = new Set([AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust])

/**
 * Add or edit an audit config (issue 5): the business, whether one person may approve consecutive
 * steps, where a rejection goes, the self-approval ban, and the ordered steps — each a department
 * (fixed, or the submitter's) and a role, with an optional time limit; on order flows, whether the
 * step's reviewer may lower quantities or remove lines.
 */
export const AuditConfigForm = ({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: AuditConfig | null
  open: boolean
  onClose: () => void
  onSaved: () => void
}) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const businesses = useDict('audit_business')
  const rejectFlows = useDict('audit_reject_flow')
  const deptTypes = useDict('audit_step_dept_type')
  const departments = useDepartmentTreeByCode()
  const { data: roles } = useQuery({ queryKey: adminKeys.roles, queryFn: adminApi.roles })
  const roleOptions = (roles ?? []).map((r) => namedOption(r, i18n.language, 'roleName', r.roleCode))

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (editing) {
      form.setFieldsValue({
        business: editing.business as Values['business'],
        name: editing.name,
        nameEn: editing.nameEn ?? '',
        repeatAudit: editing.repeatAudit,
        rejectFlow: editing.rejectFlow,
        forbidSelfApproval: editing.forbidSelfApproval,
        inForce: editing.status === '1',
        description: editing.description,
        steps: editing.steps.map((s) => ({
          stepName: s.stepName ?? '',
          stepNameEn: s.stepNameEn ?? '',
          deptType: s.deptType,
          orgCode: s.orgCode,
          roleCode: s.roleCode,
          timeLimitHours: s.timeLimitHours,
          allowAdjust: s.allowAdjust,
        })),
      })
    }
  }, [open, editing, form])

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    const { inForce, ...rest } = values
    const input: AuditConfigInput = {
      ...rest,
      nameEn: rest.nameEn?.trim() || null,
      status: inForce ? '1' : '0',
      steps: (rest.steps ?? []).map((s) => ({
        ...s,
        stepName: s.stepName?.trim() || null,
        stepNameEn: s.stepNameEn?.trim() || null,
        orgCode: s.deptType === 'fixed' ? s.orgCode : null,
        timeLimitHours: s.timeLimitHours || null,
        allowAdjust: ADJUSTABLE.has(rest.business) && Boolean(s.allowAdjust),
      })),
    }
    setSaving(true)
    try {
      if (editing) await approvalApi.editConfig({ ...input, id: editing.id, version: editing.version })
      else await approvalApi.addConfig(input)
      void message.success(t('common.messages.success'))
      onSaved()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  const business = Form.useWatch('business', form)
  const adjustable = ADJUSTABLE.has(business ?? '')
  return (
    <Modal
      open={open}
      title={editing ? t('approval.config.edit') : t('approval.config.add')}
      width={modalWidth()}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'audit-config-save' } as never}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form
        form={form}
        layout="vertical"
        name="audit-config"
        initialValues={{
          repeatAudit: false,
          forbidSelfApproval: false,
          rejectFlow: 'submitter',
          inForce: true,
          steps: [emptyStep()],
        }}
      >
        <Row gutter={24}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="name"
              label={t('approval.config.name')}
              rules={[requiredRule(t, t('approval.config.name'))]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="nameEn" label={t('approval.config.nameEn')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="business"
              label={t('approval.config.business')}
              rules={[requiredRule(t, t('approval.config.business'), 'select')]}
            >
              <Select placeholder={t('list.search.choose')} options={businesses} disabled={Boolean(editing)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="rejectFlow" label={t('approval.config.rejectFlow')}>
              <Select options={rejectFlows} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="repeatAudit" label={t('approval.config.repeatAudit')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="forbidSelfApproval"
              label={t('approval.config.forbidSelfApproval')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="inForce" label={t('approval.config.inForce')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('approval.config.description')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List
          name="steps"
          rules={[
            {
              validator: async (_, steps?: unknown[]) => {
                if (!steps || steps.length === 0) throw new Error(t('approval.config.stepsRequired'))
              },
            },
          ]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <Card size="small" title={t('approval.config.steps')} data-testid="audit-steps">
              {fields.map((field, i) => (
                // the fields line up by their boxes, whether a label takes one line or two
                <Row key={field.key} gutter={12} align="bottom" data-testid="audit-step">
                  <Col flex="72px" style={{ paddingBottom: 24, lineHeight: '32px' }}>
                    {t('approval.config.stepNo', { no: i + 1 })}
                  </Col>
                  <Col flex="1 1 140px">
                    <Form.Item name={[field.name, 'stepName']} label={t('approval.config.stepName')}>
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 140px">
                    <Form.Item name={[field.name, 'stepNameEn']} label={t('approval.config.stepNameEn')}>
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 160px">
                    <Form.Item name={[field.name, 'deptType']} label={t('approval.config.deptType')}>
                      <Select options={deptTypes} />
                    </Form.Item>
                  </Col>
                  <Form.Item noStyle dependencies={[['steps', field.name, 'deptType']]}>
                    {() =>
                      form.getFieldValue(['steps', field.name, 'deptType']) === 'fixed' && (
                        <Col flex="1 1 180px">
                          <Form.Item
                            name={[field.name, 'orgCode']}
                            label={t('approval.config.orgCode')}
                            required
                            rules={[
                              keepingRule(RECORD_RULES.stepDepartment, (f) => f.getFieldValue(['steps', field.name])),
                            ]}
                          >
                            <TreeSelect
                              placeholder={t('list.search.choose')}
                              treeData={departments}
                              treeDefaultExpandAll
                              showSearch={TREE_NAME_SEARCH}
                            />
                          </Form.Item>
                        </Col>
                      )
                    }
                  </Form.Item>
                  <Col flex="1 1 160px">
                    <Form.Item
                      name={[field.name, 'roleCode']}
                      label={t('approval.config.roleCode')}
                      rules={[{ required: true, message: t('approval.config.chooseRole') }]}
                    >
                      <Select placeholder={t('list.search.choose')} options={roleOptions} showSearch={NAME_SEARCH} />
                    </Form.Item>
                  </Col>
                  <Col flex="0 0 130px">
                    <Form.Item name={[field.name, 'timeLimitHours']} label={t('approval.config.timeLimitHours')}>
                      <InputNumber
                        min={1}
                        max={8760}
                        precision={0}
                        placeholder={t('approval.config.noLimit')}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  </Col>
                  {adjustable && (
                    <Col flex="0 0 auto">
                      <Form.Item
                        name={[field.name, 'allowAdjust']}
                        label={t('approval.config.mayAdjust')}
                        tooltip={t('approval.config.allowAdjust')}
                        valuePropName="checked"
                      >
                        <Checkbox aria-label={t('approval.config.allowAdjust')} data-testid="step-allow-adjust" />
                      </Form.Item>
                    </Col>
                  )}
                  <Col flex="0 0 auto" style={{ paddingBottom: 24 }}>
                    <Space size={0}>
                      <Button
                        type="text"
                        icon={<ArrowUpOutlined />}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                        aria-label={t('approval.config.moveUp')}
                      />
                      <Button
                        type="text"
                        icon={<ArrowDownOutlined />}
                        disabled={i === fields.length - 1}
                        onClick={() => move(i, i + 1)}
                        aria-label={t('approval.config.moveDown')}
                      />
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(i)}
                        aria-label={t('approval.config.removeStep')}
                      />
                    </Space>
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add(emptyStep())}
                data-testid="add-step"
              >
                {t('approval.config.addStep')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Card>
          )}
        </Form.List>
      </Form>
    </Modal>
  )
}
