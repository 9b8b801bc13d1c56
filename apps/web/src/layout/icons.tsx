import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import BarChartOutlined from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import CloudServerOutlined from '@ant-design/icons-svg/es/asn/CloudServerOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import ScheduleOutlined from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import ShoppingCartOutlined from '@ant-design/icons-svg/es/asn/ShoppingCartOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import WechatOutlined from '@ant-design/icons-svg/es/asn/WechatOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactElement } from 'react';

/** Icons a route's `meta.icon` may name. A module adds the icons its group needs here. */
const ICONS: Record<string, IconDefinition> = {
  dashboard: DashboardOutlined,
  user: UserOutlined,
  data: BarChartOutlined,
  team: TeamOutlined,
  order: ShoppingCartOutlined,
  product: AppstoreOutlined,
  course: ReadOutlined,
  phone: PhoneOutlined,
  member: IdcardOutlined,
  wechat: WechatOutlined,
  setting: SettingOutlined,
  link: LinkOutlined,
  apartment: ApartmentOutlined,
  safety: SafetyCertificateOutlined,
  audit: AuditOutlined,
  server: CloudServerOutlined,
  schedule: ScheduleOutlined,
};

const SVG_PROPS = { width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' };

const toElement = (node: AbstractNode, key?: number, svgProps?: Record<string, string>): ReactElement =>
  createElement(
    node.tag,
    { ...node.attrs, ...svgProps, key },
    ...(node.children ?? []).map((child, i) => toElement(child, i)),
  );

/** Each route icon's <svg>, made once: the same element every render, so React skips it on re-render. */
const svgs = new Map<IconDefinition, ReactElement>();
const svgOf = (icon: IconDefinition): ReactElement => {
  let svg = svgs.get(icon);
  if (!svg) {
    svg = toElement(icon.icon as AbstractNode, undefined, { ...SVG_PROPS, 'data-icon': icon.name });
    svgs.set(icon, svg);
  }
  return svg;
};

/**
 * A route's icon, drawn like antd's icons (same markup and `anticon` classes, whose styles antd's
 * ConfigProvider inserts) without their per-icon context reads and style-insertion effects: the
 * sidebar and the dashboard draw dozens of these on a signed-in page's first render.
 */
export const RouteIcon = ({ name, className }: { name?: string; className?: string }) => {
  const icon = name ? ICONS[name] : undefined;
  if (!icon) return null;
  return (
    <span
      role="img"
      aria-label={icon.name}
      className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}
    >
      {svgOf(icon)}
    </span>
  );
};
