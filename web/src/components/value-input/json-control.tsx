import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

/** JSON is typed as text and checked by shared/values.ts before sending. */
export function JsonControl(props: ControlProps) {
  return <textarea {...inputProps(props)} className="field__input field__textarea field__code" rows={5} spellCheck={false} />;
}
