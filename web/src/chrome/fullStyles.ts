// All of Mantine's component styles, in the `mantine` cascade layer like the subset App.tsx loads
// at start: every page but the login page loads this with its chunk (routes.tsx), so the login
// page's first load carries only the styles of its own components (bench/README.md).
import '@mantine/core/styles.layer.css';
