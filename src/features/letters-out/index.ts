/**
 * Letters out (issue 13): the Delivery tab and the letters-out panel, each loaded with its first showing
 * (lazy.tsx imports panels.ts); hasDeliveries says when a letter has deliveries to show.
 */
export { DeliverySlot, LettersOutSlot, hasDeliveries } from './lazy';
