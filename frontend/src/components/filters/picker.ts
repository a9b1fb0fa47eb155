// A filter picker as FilterPickers lays it out: the filter's key (the URL's parameter), its label and its choices.
export interface Picker<Key extends string> {
  key: Key
  label: string
  /** The choice that clears the filter (none: the filter always has a value). */
  empty?: string
  numeric?: boolean
  options: readonly (string | number | { value: string | number; label: string; disabled?: boolean })[]
}
