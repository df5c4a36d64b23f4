import { reset } from '@ant-design/cssinjs/es/util/cacheMapUtil';

let whole = false;

/**
 * antd reads the map of the styles a built stylesheet holds once, when it first draws (decision 0026). The phone
 * shell starts with the day's small stylesheet (decision 0034); when a larger one arrives after it (the phone's later
 * sheet, or the office app's whole one: `wholeSheet`), antd must read the map again, or it would compute at run time
 * every style the small one lacks.
 */
export function rereadAntdStyleMap(wholeSheet = false): void {
  if (wholeSheet) whole = true;
  reset(undefined);
}

/** Whether the office app's whole stylesheet is here (it holds every component's styles, and its map is the last). */
export function wholeSheetLoaded(): boolean {
  return whole;
}
