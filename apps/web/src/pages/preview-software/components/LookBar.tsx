import { Button, ColorPicker, Radio, Select, Tooltip } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { PLATFORMS, PLATFORM_IDS, THEME_CHOICES, type Platform, type ThemeId } from '@mazhu/contracts';
import { themePrimary, type Look } from '../usePreviewWorkspace';

const PLATFORM_OPTIONS = PLATFORM_IDS.map((id) => ({ value: id, label: PLATFORMS[id].label }));
/** Colour suggestions: every theme's own primary plus a few common brand colours. */
const PRESET_COLORS = [...new Set([...THEME_CHOICES.map((t) => t.primary), '#722ed1', '#eb2f96', '#52c41a', '#fa541c', '#0f172a'])];

/** Theme (≥ 4 looks), primary colour and platform frame of all screens. */
export default function LookBar(props: { theme: ThemeId; color: string; platform: Platform; hasUi: boolean; disabled: boolean; onChange: (look: Look) => void }) {
  const { theme, color, platform, hasUi, disabled, onChange } = props;
  return (
    <div className="pv-look" data-testid="look-bar">
      <div className="pv-look-item">
        <span className="pv-look-label">主题</span>
        <Radio.Group
          value={theme}
          disabled={disabled}
          optionType="button"
          onChange={(e) => onChange({ theme: e.target.value as ThemeId })}
          options={THEME_CHOICES.map((t) => ({
            value: t.id,
            label: (
              <span className="pv-theme-opt" data-testid={`theme-${t.id}`}>
                <i className={`pv-swatch pv-swatch-${t.id}`} style={{ ['--primary' as string]: t.primary }} />
                {t.label}
              </span>
            ),
          }))}
        />
      </div>
      <div className="pv-look-item">
        <span className="pv-look-label">主色</span>
        <ColorPicker
          value={color || themePrimary(theme)}
          disabled={disabled}
          disabledAlpha
          showText
          format="hex"
          presets={[{ label: '推荐颜色', colors: PRESET_COLORS }]}
          onChangeComplete={(c) => onChange({ color: c.toHexString().slice(0, 7).toLowerCase() })}
        />
        {color && (
          <Tooltip title="使用主题自带的颜色">
            <Button type="link" size="small" icon={<UndoOutlined />} disabled={disabled} onClick={() => onChange({ color: '' })}>
              主题色
            </Button>
          </Tooltip>
        )}
      </div>
      {hasUi && (
        <div className="pv-look-item">
          <span className="pv-look-label">平台</span>
          <Select value={platform} disabled={disabled} options={PLATFORM_OPTIONS} onChange={(p) => onChange({ platform: p })} style={{ width: 176 }} data-testid="pv-platform" />
        </div>
      )}
    </div>
  );
}
