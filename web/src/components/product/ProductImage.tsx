import { PictureOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Image } from 'antd'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { productApi, productKeys } from '../../api/product.ts'

/**
 * A product image by its attachment id: fetched with the session's headers (the download checks
 * the right to read the product), shown from a blob URL, previewable. `alt` says what it shows
 * ('' where the product's name or code stands beside it); by default 'product image'.
 */
export const ProductImage = ({
  id,
  size = 40,
  preview = true,
  alt,
}: {
  id: string | undefined
  size?: number
  preview?: boolean
  alt?: string
}) => {
  const { t } = useTranslation()
  const { data } = useQuery({
    queryKey: productKeys.image(id ?? ''),
    queryFn: async () => (await productApi.image(id as string)).blob,
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const url = useMemo(() => (data ? URL.createObjectURL(data) : undefined), [data])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  if (!id || !url) {
    return (
      <span
        style={{
          width: size,
          height: size,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f5f5f5',
          borderRadius: 4,
        }}
      >
        <PictureOutlined style={{ color: '#bfbfbf' }} />
      </span>
    )
  }
  return (
    <Image
      src={url}
      alt={alt ?? t('product.images.alt')}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      preview={preview}
      data-testid="product-image"
    />
  )
}
