import { reset } from '@ant-design/cssinjs/es/util/cacheMapUtil';

/**
 * antd reads the map of the styles a built stylesheet holds once, when it first draws (decision 0026). The phone
 * shell starts with the day's small stylesheet (decision 0034); when the office app's whole stylesheet arrives
 * after it, antd must read the map again, or it would compute at run time every style the small one lacks.
 */
export function rereadAntdStyleMap(): void {
  reset(undefined);
}
