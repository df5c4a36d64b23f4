// The session state the shell composes from several answers (spec 1 §3 "Session state" minus the messaging
// parts). The answers' own shapes are the contracts' (@glass/domain/contracts), not written here.
import type {
  Employee,
  FacilityRef,
  MessageGroup,
  NamedItem,
  ResourceRow,
  SelfUser,
  TileInfo,
} from '@glass/domain/contracts';

export interface SessionState {
  user: SelfUser | null;
  tiles: TileInfo[];
  facilities: FacilityRef[];
  groupRoles: MessageGroup[];
  phoneExtensions: ResourceRow[];
  vendors: NamedItem[];
  loanerCarTypes: NamedItem[];
  employeeList: Employee[];
  customerWaitingOptions: NamedItem[];
  dispositionReasons: NamedItem[];
  lostReasons: NamedItem[];
  isOnDuty: boolean;
}
