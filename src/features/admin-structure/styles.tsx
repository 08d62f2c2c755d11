/** The structure pages' shared classes: the administration's (src/components/ui/form-field.tsx). */
export { CARD, EMPTY, ERROR_TEXT, HINT, INPUT, StatusBadge } from '../../components/ui/form-field';
