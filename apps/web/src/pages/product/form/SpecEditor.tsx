import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SPECS, SPEC_NAME_MAX, SPEC_VALUE_MAX, type SpecDef } from './specMatrix';

/** What changed, so the SKU rows can follow (a renamed value keeps its rows). */
export type SpecChange =
  | { kind: 'renameSpec'; from: string; to: string }
  | { kind: 'renameValue'; spec: string; from: string; to: string }
  | { kind: 'other' };

/** One value as a tag: click to rename in place, × to remove. */
const ValueTag = ({
  value,
  specName,
  onRename,
  onRemove,
}: {
  value: string;
  specName: string;
  onRename: (to: string) => boolean;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  if (editing !== null) {
    const commit = () => {
      const to = editing.trim();
      if (to && to !== value && !onRename(to)) return;
      setEditing(null);
    };
    return (
      <Input
        autoFocus
        size="small"
        value={editing}
        maxLength={SPEC_VALUE_MAX}
        aria-label={t('product.spec.renameValue', { value })}
        onChange={(e) => setEditing(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(null);
        }}
        style={{ width: 140 }}
      />
    );
  }
  return (
    <Tag className="product-spec__value">
      <Tooltip title={t('product.spec.clickToRename')}>
        <button type="button" className="product-link-button" onClick={() => setEditing(value)}>
          {value}
        </button>
      </Tooltip>
      <button
        type="button"
        className="product-link-button product-spec__remove"
        aria-label={t('product.spec.removeValue', { value, spec: specName })}
        onClick={onRemove}
      >
        <CloseOutlined />
      </button>
    </Tag>
  );
};

/** A spec's name: edited in place and applied on Enter or leaving the field. */
const SpecName = ({
  name,
  index,
  onRename,
}: {
  name: string;
  index: number;
  onRename: (to: string) => boolean;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const to = draft.trim();
    if (to !== name && !onRename(to)) {
      setDraft(null);
      return;
    }
    setDraft(null);
  };
  return (
    <Input
      value={draft ?? name}
      maxLength={SPEC_NAME_MAX}
      placeholder={t('product.spec.namePlaceholder')}
      aria-label={t('product.spec.nameN', { n: index + 1 })}
      status={!name && draft === null ? 'warning' : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 220 }}
    />
  );
};

/**
 * The multi-spec generator's input: up to three specs, each a name and its values. Every change
 * hands the next specs (and what was renamed) to `onChange`, which rebuilds the SKU matrix.
 */
export const SpecEditor = ({
  specs,
  onChange,
}: {
  specs: SpecDef[];
  onChange: (next: SpecDef[], change: SpecChange) => boolean;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [adding, setAdding] = useState<Record<number, string>>({});

  const replace = (i: number, spec: SpecDef, change: SpecChange = { kind: 'other' }) =>
    onChange(
      specs.map((s, j) => (j === i ? spec : s)),
      change,
    );

  const addValue = (i: number) => {
    const spec = specs[i];
    const value = (adding[i] ?? '').trim();
    if (!spec || !value) return;
    if (!spec.name.trim()) {
      void message.warning(t('product.spec.nameFirst'));
      return;
    }
    if (spec.values.includes(value)) {
      void message.warning(t('product.spec.valueExists', { value }));
      return;
    }
    if (replace(i, { ...spec, values: [...spec.values, value] })) setAdding((a) => ({ ...a, [i]: '' }));
  };

  return (
    <div>
      {specs.map((spec, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: specs are edited in place; their position is their identity
        <div className="product-spec" key={i} data-testid={`spec-${i}`}>
          <div className="product-spec__head">
            <SpecName
              name={spec.name}
              index={i}
              onRename={(to) => {
                if (!to) {
                  void message.warning(t('product.spec.nameRequired'));
                  return false;
                }
                if (specs.some((s, j) => j !== i && s.name.trim() === to)) {
                  void message.warning(t('product.spec.nameExists', { name: to }));
                  return false;
                }
                return replace(i, { ...spec, name: to }, { kind: 'renameSpec', from: spec.name, to });
              }}
            />
            <Tooltip title={t('product.spec.remove')}>
              <Button
                icon={<DeleteOutlined />}
                aria-label={`${t('product.spec.remove')} ${spec.name || i + 1}`}
                onClick={() =>
                  onChange(
                    specs.filter((_, j) => j !== i),
                    { kind: 'other' },
                  )
                }
              />
            </Tooltip>
          </div>
          <div className="product-spec__values">
            {spec.values.map((value) => (
              <ValueTag
                key={value}
                value={value}
                specName={spec.name}
                onRename={(to) => {
                  if (spec.values.includes(to)) {
                    void message.warning(t('product.spec.valueExists', { value: to }));
                    return false;
                  }
                  return replace(
                    i,
                    { ...spec, values: spec.values.map((v) => (v === value ? to : v)) },
                    { kind: 'renameValue', spec: spec.name, from: value, to },
                  );
                }}
                onRemove={() => replace(i, { ...spec, values: spec.values.filter((v) => v !== value) })}
              />
            ))}
            <Input
              size="small"
              value={adding[i] ?? ''}
              maxLength={SPEC_VALUE_MAX}
              placeholder={t('product.spec.addValue')}
              aria-label={t('product.spec.addValueTo', { name: spec.name || i + 1 })}
              onChange={(e) => setAdding((a) => ({ ...a, [i]: e.target.value }))}
              onPressEnter={(e) => {
                e.preventDefault();
                addValue(i);
              }}
              style={{ width: 200 }}
              suffix={
                <Button
                  type="link"
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t('product.spec.addValueTo', { name: spec.name || i + 1 })}
                  onClick={() => addValue(i)}
                  style={{ height: 20 }}
                />
              }
            />
          </div>
        </div>
      ))}
      <Tooltip title={specs.length >= MAX_SPECS ? t('product.spec.limit', { max: MAX_SPECS }) : undefined}>
        <Button
          icon={<PlusOutlined />}
          disabled={specs.length >= MAX_SPECS}
          onClick={() => onChange([...specs, { name: '', values: [] }], { kind: 'other' })}
        >
          {t('product.spec.add')}
        </Button>
      </Tooltip>
    </div>
  );
};
