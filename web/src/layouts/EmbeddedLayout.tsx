import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Embedded pages (/app, /info, /address, ...): no banner, no menu. */
export function EmbeddedLayout() {
  return (
    <Box component="main" p="md">
      <Outlet />
    </Box>
  );
}

/** Pages with no chrome at all (/silent-renew, the home redirect). */
export function BareLayout() {
  return <Outlet />;
}
