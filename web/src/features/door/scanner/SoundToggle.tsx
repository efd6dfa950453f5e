import { useEffect, useSyncExternalStore } from 'react';
import { Switch } from '../../../components/Switch.js';
import { armAudioUnlock, isMuted, onMutedChange, setMuted } from './feedback.js';
import { SCANNER_TEXTS } from './texts.js';

/** Turns the scan sounds on and off (kept on this phone); its tap also wakes the audio for the next result. */
export function SoundToggle() {
  const muted = useSyncExternalStore(onMutedChange, isMuted, () => false);
  useEffect(() => armAudioUnlock(), []);
  return (
    <Switch
      label={SCANNER_TEXTS.soundLabel}
      checked={!muted}
      onCheckedChange={(on) => setMuted(!on)}
      stateText={muted ? SCANNER_TEXTS.soundOff : SCANNER_TEXTS.soundOn}
    />
  );
}
