import { CANCEL, PROCEED, UNSAVED_CHANGES_TEXT, UNSAVED_CHANGES_TITLE } from '@glass/domain/messages/shell';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Guards a form with pending edits: in-app navigation (including home and logout) asks first, and
 * closing or reloading the tab gets the browser's own prompt. A forced sign-out (401) is never held.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search ||
        currentLocation.key !== nextLocation.key),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={UNSAVED_CHANGES_TITLE}
      okText={PROCEED}
      cancelText={CANCEL}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{UNSAVED_CHANGES_TEXT}</p>
    </Modal>
  );
}
