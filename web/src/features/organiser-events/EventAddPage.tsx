import { useState } from 'react';
import { EventWizard } from './wizard/EventWizard.js';
import { newEventValues } from './wizard/wizard-state.js';

/** event/add: the wizard for a new event (start today, end tomorrow). */
export function EventAddPage() {
  const [initial] = useState(() => newEventValues());
  return <EventWizard mode="add" initial={initial} />;
}
