export { playSound } from './play-sound.ts';
