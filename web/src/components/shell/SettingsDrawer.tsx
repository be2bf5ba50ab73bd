import { CheckOutlined } from '@ant-design/icons'
import { Button, Divider, Drawer, Flex, Segmented, Switch, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PRIMARY_COLORS, type Preferences, preferences, usePreferences } from '../../layout/preferences.ts'

const Row = ({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) => (
  <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 14 }}>
    <Flex vertical>
      <Typography.Text>{label}</Typography.Text>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Flex>
    {children}
  </Flex>
)

type SwitchKey = 'fixedHeader' | 'autoHideHeader' | 'fixedSider' | 'colorWeak' | 'multiTab'

/**
 * Interface settings (SPEC 2): theme, primary colour (8), sidebar or top navigation, fixed or fluid
 * width, fixed header, auto-hide header, fixed sidebar, colour-weak mode, multi-tab mode. Every change
 * applies at once and is kept for this user in this browser.
 */
export const SettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const prefs = usePreferences()
  const set = (patch: Partial<Preferences>) => preferences.update(patch)
  const toggle = (key: SwitchKey, disabled = false) => (
    <Switch
      size="small"
      checked={prefs[key]}
      disabled={disabled}
      onChange={(checked) => set({ [key]: checked })}
      aria-label={t(`shell.settings.${key}`)}
      data-testid={`setting-${key}`}
    />
  )
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('shell.settings.title')}
      size={320}
      data-testid="settings-drawer"
      footer={
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('shell.settings.saved')}
          </Typography.Text>
          <Button size="small" onClick={() => preferences.reset()} data-testid="settings-reset">
            {t('shell.settings.reset')}
          </Button>
        </Flex>
      }
    >
      <Row label={t('shell.settings.style')}>
        <Segmented<Preferences['theme']>
          size="small"
          value={prefs.theme}
          onChange={(theme) => set({ theme })}
          options={[
            { value: 'light', label: t('shell.settings.light') },
            { value: 'dark', label: t('shell.settings.dark') },
          ]}
          data-testid="setting-theme"
        />
      </Row>
      <Typography.Text>{t('shell.settings.primaryColor')}</Typography.Text>
      <Flex wrap gap={8} style={{ margin: '10px 0 14px' }} data-testid="setting-colors">
        {PRIMARY_COLORS.map(({ key, color }) => (
          <Tooltip key={key} title={t(`shell.settings.colors.${key}`)}>
            <button
              type="button"
              className="shell-color"
              style={{ background: color }}
              aria-label={t(`shell.settings.colors.${key}`)}
              aria-pressed={prefs.primaryColor === color}
              onClick={() => set({ primaryColor: color })}
            >
              {prefs.primaryColor === color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </Flex>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Row label={t('shell.settings.navMode')}>
        <Segmented<Preferences['navMode']>
          size="small"
          value={prefs.navMode}
          onChange={(navMode) => set({ navMode })}
          options={[
            { value: 'side', label: t('shell.settings.side') },
            { value: 'top', label: t('shell.settings.top') },
          ]}
          data-testid="setting-navMode"
        />
      </Row>
      <Row label={t('shell.settings.contentWidth')}>
        <Segmented<Preferences['contentWidth']>
          size="small"
          value={prefs.contentWidth}
          onChange={(contentWidth) => set({ contentWidth })}
          options={[
            { value: 'fluid', label: t('shell.settings.fluid') },
            { value: 'fixed', label: t('shell.settings.fixed') },
          ]}
          data-testid="setting-contentWidth"
        />
      </Row>
      <Row label={t('shell.settings.fixedHeader')}>{toggle('fixedHeader')}</Row>
      <Row label={t('shell.settings.autoHideHeader')} hint={t('shell.settings.autoHideHint')}>
        {toggle('autoHideHeader')}
      </Row>
      <Row label={t('shell.settings.fixedSider')}>{toggle('fixedSider', prefs.navMode === 'top')}</Row>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Row label={t('shell.settings.colorWeak')}>{toggle('colorWeak')}</Row>
      <Row label={t('shell.settings.multiTab')}>{toggle('multiTab')}</Row>
    </Drawer>
  )
}
