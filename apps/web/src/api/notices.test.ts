import type { ArgsProps, MessageInstance, MessageType } from 'antd/es/message/interface';
import { describe, expect, it } from 'vitest';
import { messageApi, setMessageApi, toastError, toastSuccess } from './notices';

/** A message instance that records what it was asked to show; each toast "closes" at once. */
function recorder() {
  const shown: Array<Partial<ArgsProps> & { via: string }> = [];
  const closed: string[] = [];
  const handle = (label: string): MessageType =>
    Object.assign(() => closed.push(label), {
      // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable.
      then: (ok?: (value: boolean) => unknown) => Promise.resolve(true).then(ok),
    }) as MessageType;
  const typed =
    (via: string) =>
    (content: unknown): MessageType => {
      shown.push({ content: content as string, via });
      return handle(via);
    };
  const instance: MessageInstance = {
    open: (args) => {
      shown.push({ ...args, via: 'open' });
      return handle(String(args.content));
    },
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    loading: typed('loading'),
    destroy: (key) => {
      shown.push({ key: key as string, via: 'destroy' });
    },
  };
  return { instance, shown, closed };
}

// The message host loads after the first screen: toasts asked for before it mounts wait for it.
describe('notices before and after the message host mounts', () => {
  it('holds early toasts, shows them in order once bound, drops one closed meanwhile, then calls at once', async () => {
    toastError('Failed to get self');
    const dropped = messageApi().warning('never shown');
    messageApi().destroy('some-key');
    const early = messageApi().open({ type: 'info', content: 'held' });
    dropped();

    const host = recorder();
    setMessageApi(host.instance);
    expect(host.shown.map((toast) => [toast.via, toast.content ?? toast.key])).toEqual([
      ['open', 'Failed to get self'],
      ['destroy', 'some-key'],
      ['open', 'held'],
    ]);
    await expect(early).resolves.toBe(true);
    await expect(dropped).resolves.toBe(true);

    toastSuccess('Saved');
    expect(host.shown.at(-1)).toMatchObject({ via: 'open', type: 'success', content: 'Saved' });
  });
});
