import { type AuditBusiness, type AuditConfig, localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Empty, Flex, Modal, Spin, Steps, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys } from '../../api/approval.ts'
import { modalWidth } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'

/**
 * A flow as steps (SPEC 2 'audit process' modal): each step's department, role and time limit, and
 * whether its reviewer may adjust the order.
 */
export const AuditProcessSteps = ({ config }: { config: AuditConfig }) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  return (
    <Flex vertical gap={16} data-testid="audit-process">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'business',
            label: t('approval.config.business'),
            children: dictText('audit_business', config.business),
          },
          {
            key: 'rejectFlow',
            label: t('approval.config.rejectFlow'),
            children: dictText('audit_reject_flow', config.rejectFlow),
          },
          {
            key: 'status',
            label: t('approval.config.status'),
            children:
              config.status === '1' ? (
                <Tag color="green">{t('approval.config.inForce')}</Tag>
              ) : (
                <Tag>{t('approval.config.aside')}</Tag>
              ),
          },
          {
            key: 'repeat',
            label: t('approval.config.repeatAudit'),
            children: config.repeatAudit ? t('approval.config.yes') : t('approval.config.no'),
          },
          {
            key: 'self',
            label: t('approval.config.forbidSelfApproval'),
            children: config.forbidSelfApproval ? t('approval.config.yes') : t('approval.config.no'),
          },
        ]}
      />
      <Steps
        titlePlacement="vertical"
        items={config.steps.map((s) => ({
          status: 'process' as const,
          title: localName(s, i18n.language, 'stepName') || t('approval.config.stepNo', { no: s.stepNo }),
          content: (
            <Flex vertical gap={2}>
              <Typography.Text>{s.roleName ?? s.roleCode}</Typography.Text>
              <Typography.Text type="secondary">{s.departName ?? t('approval.config.submitterDept')}</Typography.Text>
              <Typography.Text type="secondary">
                {s.timeLimitHours
                  ? t('approval.config.hours', { count: s.timeLimitHours })
                  : t('approval.config.unlimited')}
              </Typography.Text>
              {s.allowAdjust && (
                <span>
                  <Tag color="orange">{t('approval.config.mayAdjust')}</Tag>
                </span>
              )}
            </Flex>
          ),
        }))}
      />
    </Flex>
  )
}

type Props = {
  /** Shows this config, or the one in force for a business (products, orders, adjustments). */
  config?: AuditConfig | null
  business?: AuditBusiness | null
  onClose: () => void
}

/** The audit process modal: the flow a business runs through, or one given config. */
export const AuditProcessModal = ({ config, business, onClose }: Props) => {
  const { t, i18n } = useTranslation()
  const { data, isLoading } = useQuery({
    queryKey: approvalKeys.flow(business ?? ''),
    queryFn: () => approvalApi.configsOf(business as AuditBusiness),
    enabled: !config && Boolean(business),
  })
  const shown = config ?? data?.find((c) => c.status === '1') ?? data?.[0] ?? null
  const open = Boolean(config || business)
  return (
    <Modal
      open={open}
      title={
        shown
          ? t('approval.config.processTitle', { name: localName(shown, i18n.language) })
          : t('approval.config.process')
      }
      width={Math.min(modalWidth(), 900)}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={isLoading && !config}>
        {shown ? (
          <AuditProcessSteps config={shown} />
        ) : (
          !isLoading && <Empty description={t('approval.config.noFlow')} />
        )}
      </Spin>
    </Modal>
  )
}
