import { lazy, Suspense } from 'react';

// The popup (with DOMPurify) is its own chunk: shown only after a sign-in, never on the form's first load.
const CampaignPopup = lazy(() => import('./CampaignPopup').then((m) => ({ default: m.CampaignPopup })));

/** A campaign's popup after a sign-in (password, code or second step); closing it goes on to `next`. */
export type CampaignHandOffState = { html: string; next: string };

export function CampaignHandOff({ popup, onClose }: { popup: CampaignHandOffState | null; onClose: () => void }) {
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <CampaignPopup
        html={popup.html}
        onClose={() => {
          onClose();
          window.location.assign(popup.next);
        }}
      />
    </Suspense>
  );
}
