/**
 * One group's radio buttons, each a 44 px row with its label. The caller gives the group its fieldset and legend
 * (or its labelled field) and the row's layout; `invalid` marks every button when no choice was made yet.
 */
export function Radios<V extends string>({
  name,
  value,
  onChange,
  options,
  className,
  invalid = false,
}: {
  name: string;
  value: V | '';
  onChange: (value: V) => void;
  /** Each choice's value and its words, in order. */
  options: ReadonlyArray<readonly [V, string]>;
  className: string;
  invalid?: boolean;
}) {
  return (
    <div className={className}>
      {options.map(([option, label]) => (
        <label key={option} className="inline-flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            aria-invalid={invalid || undefined}
            className="h-5 w-5"
          />
          {label}
        </label>
      ))}
    </div>
  );
}
