import './messaging.css'
import {
  BoldOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Button, Divider, Flex, Input, Popover, Tooltip, theme } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Links the editor accepts: http(s), mailto, or an app path. The server checks the same. */
export const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i

type Props = {
  value?: string
  onChange?: (html: string) => void
  placeholder?: string
  'aria-label'?: string
}

const ToolButton = ({
  title,
  icon,
  active,
  onClick,
  disabled,
}: {
  title: string
  icon: ReactNode
  active?: boolean
  onClick: () => void
  disabled?: boolean
}) => (
  <Tooltip title={title}>
    <Button
      size="small"
      type={active ? 'primary' : 'text'}
      icon={icon}
      aria-label={title}
      aria-pressed={active}
      onClick={onClick}
      disabled={disabled}
    />
  </Tooltip>
)

/**
 * The notice editor (Tiptap): paragraphs, headings, bold/italic/underline/strike, lists, quotes,
 * code blocks and links. It emits HTML; the server keeps only its allow-list of it.
 */
export const RichTextEditor = ({ value, onChange, ...rest }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [linkOpen, setLinkOpen] = useState(false)
  const [link, setLink] = useState('')
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => SAFE_LINK.test(url),
        },
      }),
    ],
    content: value ?? '',
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  })

  // a value set from outside (a notice loaded for editing) replaces the content
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    const current = editor.isEmpty ? '' : editor.getHTML()
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false })
  }, [editor, value])

  if (!editor) return null
  const chain = () => editor.chain().focus()
  const applyLink = () => {
    const href = link.trim()
    if (href && SAFE_LINK.test(href)) chain().extendMarkRange('link').setLink({ href }).run()
    setLinkOpen(false)
    setLink('')
  }

  return (
    <div
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}
      data-testid="rich-text-editor"
    >
      <Flex wrap gap={2} style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <ToolButton
          title={t('messaging.editor.bold')}
          icon={<BoldOutlined />}
          active={editor.isActive('bold')}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          title={t('messaging.editor.italic')}
          icon={<ItalicOutlined />}
          active={editor.isActive('italic')}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          title={t('messaging.editor.underline')}
          icon={<UnderlineOutlined />}
          active={editor.isActive('underline')}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          title={t('messaging.editor.strike')}
          icon={<StrikethroughOutlined />}
          active={editor.isActive('strike')}
          onClick={() => chain().toggleStrike().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          title={t('messaging.editor.heading')}
          icon={<strong>H</strong>}
          active={editor.isActive('heading', { level: 3 })}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          title={t('messaging.editor.bulletList')}
          icon={<UnorderedListOutlined />}
          active={editor.isActive('bulletList')}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          title={t('messaging.editor.orderedList')}
          icon={<OrderedListOutlined />}
          active={editor.isActive('orderedList')}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          title={t('messaging.editor.quote')}
          icon={<strong>”</strong>}
          active={editor.isActive('blockquote')}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolButton
          title={t('messaging.editor.code')}
          icon={<CodeOutlined />}
          active={editor.isActive('codeBlock')}
          onClick={() => chain().toggleCodeBlock().run()}
        />
        <Divider orientation="vertical" />
        <Popover
          open={linkOpen}
          onOpenChange={setLinkOpen}
          trigger="click"
          content={
            <Input.Search
              autoFocus
              style={{ width: 280 }}
              placeholder={t('messaging.editor.linkPrompt')}
              value={link}
              onChange={(e) => setLink(e.target.value)}
              onSearch={applyLink}
              enterButton={t('common.actions.ok')}
              status={link && !SAFE_LINK.test(link.trim()) ? 'error' : undefined}
            />
          }
        >
          <span>
            <ToolButton
              title={t('messaging.editor.link')}
              icon={<LinkOutlined />}
              active={editor.isActive('link')}
              onClick={() => setLink(editor.getAttributes('link').href ?? '')}
            />
          </span>
        </Popover>
        <ToolButton
          title={t('messaging.editor.unlink')}
          icon={<DisconnectOutlined />}
          disabled={!editor.isActive('link')}
          onClick={() => chain().unsetLink().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          title={t('messaging.editor.undo')}
          icon={<UndoOutlined />}
          disabled={!editor.can().undo()}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          title={t('messaging.editor.redo')}
          icon={<RedoOutlined />}
          disabled={!editor.can().redo()}
          onClick={() => chain().redo().run()}
        />
      </Flex>
      <EditorContent editor={editor} className="notice-editor" aria-label={rest['aria-label']} />
    </div>
  )
}
