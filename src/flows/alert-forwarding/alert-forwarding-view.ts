import type { SnapshotFrom } from 'xstate';
import type {
  AlertForwardingEvent,
  alertForwardingMachine,
} from '#machines/alert-forwarding/alert-forwarding.machine.ts';

/** What every view of the page receives: the machine's snapshot to ask, and the way to tell it what happened. */
export interface AlertForwardingViewProps {
  state: SnapshotFrom<typeof alertForwardingMachine>;
  send: (event: AlertForwardingEvent) => void;
}
