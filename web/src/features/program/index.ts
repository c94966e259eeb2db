/** What other features use of the program: a presenter's own slot (the congratulations page). */
export { MySlot } from './components/my-slot';
