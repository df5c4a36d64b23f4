import { getAllPages, http } from './http';
import type {
  DutyState,
  Employee,
  FacilityRef,
  LoginResponse,
  MessageGroup,
  NamedItem,
  ResourceRow,
  SelectFacilityResponse,
  SelfUser,
  TileInfo,
  TokenResponse,
} from '@glass/domain/contracts';

/** POST /api/login; tzo is the browser's time-zone offset in minutes (spec 1 §7). */
export function login(userName: string, password: string): Promise<LoginResponse> {
  const tzo = new Date().getTimezoneOffset();
  // A wrong PIN is a 401 here, which must only show the login toast, not run the global sign-out.
  return http.post<LoginResponse>('login', { userName, password, tzo }, { skipAuthRedirect: true });
}

export function logout(): Promise<void> {
  return http.post<void>('logout', undefined, { skipAuthRedirect: true });
}

const list = <T>(value: unknown): T[] => {
  if (Array.isArray(value)) return value as T[];
  // Some list routes answer with an OData-style envelope; accept both shapes.
  const inner = (value as { value?: unknown } | null)?.value;
  return Array.isArray(inner) ? (inner as T[]) : [];
};

export const sessionApi = {
  self: () => http.get<SelfUser>('self'),
  tiles: async () => list<TileInfo>(await http.get('UserTiles/MyTilesInfo')),
  duty: () => http.get<DutyState>('Users/GetOnDuty'),
  facilities: async () => {
    const rows = await getAllPages<FacilityRef>('FacilitiesOData');
    // Spec 2 §9: facilities sort by short name.
    return rows.sort((a, b) => (a.shortName ?? '').localeCompare(b.shortName ?? ''));
  },
  groupRoles: async () => list<MessageGroup>(await http.get('MessageGroups')),
  phoneExtensions: async (userId: number) =>
    list<ResourceRow>(await http.get('phoneExtensions/list', { query: { userId } })),
  vendors: async () => list<NamedItem>(await http.get('vendors')),
  loanerCarTypes: async () => list<NamedItem>(await http.get('loanerCarTypes')),
  employeeList: async () => list<Employee>(await http.get('users/employeeList')),
  customerWaitingOptions: async () => list<NamedItem>(await http.get('customerWaitingOptions')),
  dispositionReasons: async () => list<NamedItem>(await http.get('Dispositions')),
  lostReasons: async () => list<NamedItem>(await http.get('LostReasons')),
};

export const dutyApi = {
  toggle: (body: { onDuty: boolean; latitude?: number; longitude?: number }) =>
    http.post<DutyState>('Users/ToggleOnDuty', body),
};

export const facilityApi = {
  select: (facilityId: number) => http.post<SelectFacilityResponse>('Users/SelectFacility', { facilityId }),
};

export const tilesApi = {
  save: async (tiles: TileInfo[]) => {
    const body = {
      tiles: tiles.map(({ name, icon, isDisplayed, isSmallTile, hasShortcut, userTileId, tileId }) => ({
        name,
        icon,
        isDisplayed,
        isSmallTile,
        hasShortcut,
        userTileId,
        tileId,
      })),
    };
    return list<TileInfo>(await http.post('UserTiles/SaveMyTilesInfo', body));
  },
};

export const passwordApi = {
  change: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    http.put<TokenResponse>('users/password', body),
};

export const healthApi = {
  get: () => http.get<{ status: string; database: string }>('health'),
};
