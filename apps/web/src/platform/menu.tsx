import {
  ApartmentOutlined,
  FlagOutlined,
  GlobalOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { can, type Permission, type UserType } from '@spaceboard/domain'
import type { ReactNode } from 'react'

export interface MenuEntry {
  /** The route the entry opens. */
  to: string
  /** Paths that belong to the entry (it is highlighted on them). */
  area: string
  label: string
  icon: ReactNode
  permission: Permission
}

/** The side menu: only screens that exist, each shown to the roles the permission table allows. */
export const menuEntries: MenuEntry[] = [
  {
    to: '/admin/profile/show',
    area: '/admin/profile',
    label: 'Profile',
    icon: <UserOutlined />,
    permission: 'profile.read',
  },
  {
    to: '/admin/country/list',
    area: '/admin/country',
    label: 'Countries',
    icon: <FlagOutlined />,
    permission: 'countries.read',
  },
  {
    to: '/admin/global-region/list',
    area: '/admin/global-region',
    label: 'Global Regions',
    icon: <GlobalOutlined />,
    permission: 'global-regions.read',
  },
  {
    to: '/admin/client-types/list',
    area: '/admin/client-types',
    label: 'Client Types',
    icon: <TagsOutlined />,
    permission: 'client-types.read',
  },
  {
    to: '/admin/region/list',
    area: '/admin/region',
    label: 'Regions',
    icon: <ApartmentOutlined />,
    permission: 'regions.read',
  },
]

export function menuFor(type: UserType): MenuEntry[] {
  return menuEntries.filter((entry) => can(type, entry.permission))
}

export function activeEntry(pathname: string): MenuEntry | undefined {
  return menuEntries.find((entry) => pathname === entry.area || pathname.startsWith(`${entry.area}/`))
}
