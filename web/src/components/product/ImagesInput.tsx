import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { IMAGE_MAX_BYTES, MAX_PRODUCT_IMAGES } from '@app/contracts'
import { App, Button, Flex, Space, Typography, Upload } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { productApi } from '../../api/product.ts'
import { ProductImage } from './ProductImage.tsx'

type Props = { value?: string[] | null; onChange?: (ids: string[]) => void; disabled?: boolean }

/**
 * A product's images (SPEC 5: images only, under 2 MB each): each file is uploaded at once and
 * kept by its attachment id; the product save attaches them. The first one is the cover.
 */
export const ImagesInput = ({ value, onChange, disabled }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(0)
  const ids = value ?? []
  // uploads finish one after another while the form re-renders: each adds to the latest list
  const latest = useRef(ids)
  latest.current = ids

  const beforeUpload = (file: File) => {
    if (!file.type.startsWith('image/')) {
      void message.error(t('product.images.notImage'))
      return Upload.LIST_IGNORE
    }
    if (file.size >= IMAGE_MAX_BYTES) {
      void message.error(t('product.images.tooLarge'))
      return Upload.LIST_IGNORE
    }
    if (ids.length + busy >= MAX_PRODUCT_IMAGES) {
      void message.error(t('product.images.tooMany', { max: MAX_PRODUCT_IMAGES }))
      return Upload.LIST_IGNORE
    }
    return true
  }

  const upload = async (file: File) => {
    setBusy((n) => n + 1)
    try {
      const saved = await productApi.uploadImage(file)
      latest.current = [...latest.current, saved.id]
      onChange?.(latest.current)
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setBusy((n) => n - 1)
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="images-input">
      <Flex wrap gap={8}>
        {ids.map((id) => (
          <Space key={id} direction="vertical" size={2} align="center">
            <ProductImage id={id} size={72} />
            {!disabled && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.actions.delete')}
                onClick={() => {
                  latest.current = ids.filter((i) => i !== id)
                  onChange?.(latest.current)
                }}
              />
            )}
          </Space>
        ))}
      </Flex>
      {!disabled && (
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={({ file }) => void upload(file as File)}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} data-testid="upload-image">
            {t('product.actions.upload')}
          </Button>
        </Upload>
      )}
      <Typography.Text type="secondary">{t('product.images.hint', { max: MAX_PRODUCT_IMAGES })}</Typography.Text>
    </Space>
  )
}
