import { FAILED_TO_GET_MATERIALS_LIST } from '../messages/admin.js';
import { pickList } from './pick-lists.js';

/** Material (spec 2 §3): id, name. Installers report them on appointment status updates. */
export const materials = pickList({
  name: 'materials',
  title: 'Materials',
  singular: 'Material',
  route: '/materials',
  table: 'materials',
  api: {
    base: '/api/materials',
    list: '/api/materials',
    arrays: [
      { path: '/api/materials/droplist', select: ['id', 'name'], where: { isActive: true }, action: null },
    ],
  },
  failedToGet: FAILED_TO_GET_MATERIALS_LIST,
  example: { name: 'Example Resin', sortOrder: 50, isActive: true },
});
