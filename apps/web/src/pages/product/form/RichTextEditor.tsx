import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@educrm/contract/system';
import { App, Button, Input, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadProductImage } from '../../../api/products';
import { checkImageFile, formatBytes } from '../../../components/imageFile';
import { toThousand } from '../../../utils/number';
import { cleanHtml, isBlankHtml } from './richText';

export const DETAIL_MAX = 200_000;

/**
 * A light rich-text editor for product details: a contentEditable area with a toolbar (bold,
 * italic, underline, strike, headings, lists, quote, link, picture upload, rule, clear, undo and
 * redo) and an HTML source view. Pasted and loaded markup is reduced to the server's allowlist;
 * the server sanitises again on save.
 */
export const RichTextEditor = ({
  value = '',
  onChange,
  id,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  label: string;
}) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const area = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const [source, setSource] = useState(false);
  const [uploading, setUploading] = useState(false);

  // Outside changes (load, reload, reset) replace the content; our own edits do not re-render it.
  useEffect(() => {
    if (source || !area.current || value === emitted.current) return;
    area.current.innerHTML = cleanHtml(value);
    emitted.current = value;
  }, [value, source]);

  const emit = () => {
    if (!area.current) return;
    const html = isBlankHtml(area.current.innerHTML) ? '' : area.current.innerHTML;
    emitted.current = html;
    onChange?.(html);
  };

  const saveSelection = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode))
      range.current = selection.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (range.current && selection) {
      selection.removeAllRanges();
      selection.addRange(range.current);
    }
  };

  const exec = (command: string, arg?: string) => {
    restoreSelection();
    // execCommand is deprecated but still the one way to edit a contentEditable with undo support.
    document.execCommand(command, false, arg);
    saveSelection();
    emit();
  };

  const insertLink = () => {
    saveSelection();
    let href = 'https://';
    modal.confirm({
      title: t('product.editor.linkTitle'),
      icon: null,
      content: (
        <Input
          autoFocus
          defaultValue={href}
          aria-label={t('product.editor.linkUrl')}
          onChange={(e) => {
            href = e.target.value;
          }}
        />
      ),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        const url = href.trim();
        if (!/^(https?:\/\/|mailto:|tel:)\S+$/i.test(url)) {
          void message.error(t('product.editor.linkInvalid'));
          return Promise.reject(new Error('invalid link'));
        }
        exec('createLink', url);
        return undefined;
      },
    });
  };

  const uploadPicture = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = checkImageFile(picked, AVATAR_TYPES, AVATAR_MAX_BYTES);
    if (problem === 'type') return void message.error(t('upload.wrongType'));
    if (problem === 'size')
      return void message.error(t('upload.tooLarge', { max: formatBytes(AVATAR_MAX_BYTES) }));
    setUploading(true);
    try {
      const { url } = await uploadProductImage(picked);
      exec('insertImage', url);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : t('http.error'));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const tool = (key: string, icon: ReactNode, run: () => void, disabled = false) => (
    <Tooltip key={key} title={t(`product.editor.${key}`)}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={t(`product.editor.${key}`)}
        disabled={disabled || (source && key !== 'source')}
        // Keep the text selection in the editing area.
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const textTool = (key: string, text: string, run: () => void) =>
    tool(key, <span style={{ fontWeight: 600, fontSize: 12 }}>{text}</span>, run);

  const toggleSource = () => {
    if (source) {
      // back to the visual view: the effect writes the (cleaned) source into the area
      emitted.current = null;
    } else saveSelection();
    setSource(!source);
  };

  return (
    <div className="product-editor">
      <div className="product-editor__toolbar" role="toolbar" aria-label={t('product.editor.toolbar')}>
        {tool('bold', <BoldOutlined />, () => exec('bold'))}
        {tool('italic', <ItalicOutlined />, () => exec('italic'))}
        {tool('underline', <UnderlineOutlined />, () => exec('underline'))}
        {tool('strike', <StrikethroughOutlined />, () => exec('strikeThrough'))}
        <span className="product-editor__sep" />
        {textTool('h2', 'H2', () => exec('formatBlock', '<h2>'))}
        {textTool('h3', 'H3', () => exec('formatBlock', '<h3>'))}
        {textTool('paragraph', '¶', () => exec('formatBlock', '<p>'))}
        {textTool('quote', '❝', () => exec('formatBlock', '<blockquote>'))}
        <span className="product-editor__sep" />
        {tool('ul', <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
        {tool('ol', <OrderedListOutlined />, () => exec('insertOrderedList'))}
        {tool('link', <LinkOutlined />, insertLink)}
        {tool('unlink', <DisconnectOutlined />, () => exec('unlink'))}
        {tool(
          'image',
          <PictureOutlined />,
          () => {
            saveSelection();
            file.current?.click();
          },
          uploading,
        )}
        {tool('rule', <LineOutlined />, () => exec('insertHorizontalRule'))}
        <span className="product-editor__sep" />
        {tool('clear', <ClearOutlined />, () => exec('removeFormat'))}
        {tool('undo', <UndoOutlined />, () => exec('undo'))}
        {tool('redo', <RedoOutlined />, () => exec('redo'))}
        <span className="product-editor__sep" />
        <Tooltip title={source ? t('product.editor.visual') : t('product.editor.source')}>
          <Button
            type={source ? 'primary' : 'text'}
            size="small"
            icon={<CodeOutlined />}
            aria-pressed={source}
            aria-label={t('product.editor.source')}
            onClick={toggleSource}
          />
        </Tooltip>
        <input
          ref={file}
          type="file"
          style={{ display: 'none' }}
          accept={AVATAR_TYPES.join(',')}
          onChange={(e) => void uploadPicture(e.target.files?.[0])}
        />
      </div>
      {source ? (
        <Input.TextArea
          id={id}
          className="product-editor__source"
          aria-label={`${label} (HTML)`}
          value={value}
          onChange={(e) => {
            emitted.current = null;
            onChange?.(e.target.value);
          }}
          autoSize={{ minRows: 14, maxRows: 30 }}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element
        <div
          id={id}
          ref={area}
          className="product-editor__area"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          tabIndex={0}
          data-placeholder={t('product.editor.placeholder')}
          onInput={emit}
          onBlur={saveSelection}
          onKeyUp={saveSelection}
          onMouseUp={saveSelection}
          onPaste={(e) => {
            const html = e.clipboardData.getData('text/html');
            if (!html) return;
            e.preventDefault();
            document.execCommand('insertHTML', false, cleanHtml(html));
            emit();
          }}
        />
      )}
      <div className="product-editor__status">
        <span>{t('product.editor.sanitised')}</span>
        <span className={value.length > DETAIL_MAX ? 'product-checklist__no' : undefined}>
          {toThousand(value.length)} / {toThousand(DETAIL_MAX)}
        </span>
      </div>
    </div>
  );
};
