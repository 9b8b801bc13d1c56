import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  IdcardOutlined,
  LinkOutlined,
  PhoneOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons a route's `meta.icon` may name. A module adds the icons its group needs here. */
const ICONS: Record<string, ComponentType> = {
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

export const RouteIcon = ({ name }: { name?: string }) => {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
};
