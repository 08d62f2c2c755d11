export { TypistPlayer, type TypistPlayerProps } from './typist-player';
export { TYPIST_AUDIO_SHORTCUTS, type AudioShortcut } from './shortcuts';
export { PlayerLink } from './player-link';
export { DEVICE_BUTTONS } from './device-help';
export { PlaybackPreferences } from './playback-preferences';
