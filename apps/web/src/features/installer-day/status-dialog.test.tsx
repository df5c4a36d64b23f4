import type { InstallerStop } from '@glass/domain/contracts';
import { AppointmentStatus } from '@glass/domain/enums';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryWrapper } from '../../query/test-utils';
import { stubLayout } from '../../ui/test-stubs';
import { StatusDialog } from './status-dialog';

const add = vi.fn();
vi.mock('./outbox', () => ({ outbox: { add: (...args: unknown[]) => add(...args) } }));

beforeEach(() => {
  stubLayout();
  mockFetch({ body: [] });
  add.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stop = { invoiceId: 620, partTypeId: 1, appointmentId: 7, statusId: 1 } as InstallerStop;

function renderDialog(onClose: (queued: boolean) => void) {
  const { wrapper: Wrapper } = queryWrapper();
  return render(
    <Wrapper>
      <StatusDialog stop={stop} statusId={AppointmentStatus.Arrived} userId={105} onClose={onClose} />
    </Wrapper>,
  );
}

describe('the status dialog', () => {
  it('says so and stays open when the update cannot be kept on the phone; a second try that works closes it', async () => {
    const onClose = vi.fn();
    add.mockRejectedValueOnce(new Error('QuotaExceededError'));
    renderDialog(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Send Arrived' }));
    await screen.findByText('The update could not be kept on the phone: QuotaExceededError. Try again.');
    expect(onClose).not.toHaveBeenCalled();
    add.mockResolvedValueOnce(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Send Arrived' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(add).toHaveBeenCalledTimes(2);
  });
});
