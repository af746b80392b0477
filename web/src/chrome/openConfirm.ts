import { modals } from '@mantine/modals';

// The confirm-modal host (ModalsHost.tsx) is a lazy chunk: a click that comes before it is mounted
// (a slow phone, a late chunk) waits for it here instead of opening nothing.
let markReady: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by ModalsHost once its provider listens. */
export const modalsHostReady = (): void => markReady();

/** Opens a confirm modal (@mantine/modals) once the host can show it. */
export const openConfirm = (props: Parameters<typeof modals.openConfirmModal>[0]): void => {
  void hostReady.then(() => modals.openConfirmModal(props));
};
