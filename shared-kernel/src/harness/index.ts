/** Development-only API of the kernel: the remotes' standalone harness page. */
export { startHarness } from './start-harness.tsx';
