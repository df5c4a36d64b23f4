import type { MapConfig } from '@glass/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { facilityKeys } from '../query/query-keys';
import { http } from './http';

/** GET /api/facilities/mapConfig: the tile server and the default position of every map (read once). */
export function useMapConfig() {
  return useQuery({
    queryKey: facilityKeys.mapConfig,
    queryFn: () => http.get<MapConfig>('facilities/mapConfig'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
