export { OutsourcePicker } from './outsource-picker';
