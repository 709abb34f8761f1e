import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';

/**
 * Rich-text field for antd forms (`value` / `onChange` HTML), built on Tiptap's StarterKit: headings, bold,
 * italic, underline, strike, lists, quotes, links. The server sanitises the HTML again before storing it.
 */
export default function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });

  // A new value from outside (another row opened in the same form) replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const chain = () => editor.chain().focus();
  const btn = (title: string, active: boolean, onClick: () => void, icon: React.ReactNode) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={onClick} aria-label={title} />
    </Tooltip>
  );
  const text = (title: string, label: string, active: boolean, onClick: () => void) => (
    <Button key={title} size="small" type={active ? 'primary' : 'text'} onClick={onClick} aria-label={title}>
      {label}
    </Button>
  );

  function setLink() {
    const previous = editor.getAttributes('link').href as string | undefined;
    const url = window.prompt('链接地址（http:// 或 https:// 开头，留空则移除链接）', previous ?? 'https://');
    if (url === null) return;
    if (!url.trim()) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url.trim(), target: '_blank' }).run();
  }

  return (
    <div className="admin-rte">
      <Space size={2} wrap className="admin-rte-toolbar">
        {text('二级标题', 'H2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {text('三级标题', 'H3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
        <Divider type="vertical" />
        {btn('加粗', state.bold, () => chain().toggleBold().run(), <BoldOutlined />)}
        {btn('斜体', state.italic, () => chain().toggleItalic().run(), <ItalicOutlined />)}
        {btn('下划线', state.underline, () => chain().toggleUnderline().run(), <UnderlineOutlined />)}
        {btn('删除线', state.strike, () => chain().toggleStrike().run(), <StrikethroughOutlined />)}
        <Divider type="vertical" />
        {btn('无序列表', state.bullet, () => chain().toggleBulletList().run(), <UnorderedListOutlined />)}
        {btn('有序列表', state.ordered, () => chain().toggleOrderedList().run(), <OrderedListOutlined />)}
        {text('引用', '引用', state.quote, () => chain().toggleBlockquote().run())}
        {btn('链接', state.link, setLink, <LinkOutlined />)}
        <Divider type="vertical" />
        {btn('撤销', false, () => chain().undo().run(), <UndoOutlined />)}
        {btn('重做', false, () => chain().redo().run(), <RedoOutlined />)}
      </Space>
      <EditorContent editor={editor} className="admin-rte-body" />
    </div>
  );
}
