import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { hintClass } from '../styles';

interface Group {
  id: string;
  fields: string[];
  title?: string;
  description?: string;
}

function groupsOf(value: unknown): Group[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (g): g is Group => typeof g === 'object' && g !== null && Array.isArray((g as Group).fields),
  );
}

/**
 * An object's fields. `ui:options.groups` (root uiSchema, titles filled in by the engine) draws titled
 * fieldsets in order (a group with no field shown is left out); fields not in a group follow. A nested object is a fieldset with its label as legend.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, title, description, fieldPathId } = props;
  const options = getUiOptions(uiSchema);
  const groups = groupsOf(options.groups);
  const isRoot = fieldPathId.path.length === 0;
  const visible = properties.filter((p) => !p.hidden);
  const hidden = properties.filter((p) => p.hidden).map((p) => p.content);

  if (groups) {
    const byName = new Map(visible.map((p) => [p.name, p]));
    const grouped = new Set(groups.flatMap((g) => g.fields));
    return (
      <div id={fieldPathId.$id}>
        {groups.map((group) =>
          // a group whose fields are all hidden (a questionnaire's show-if) is not drawn at all
          !group.fields.some((name) => byName.has(name)) ? null : (
            <fieldset key={group.id} className="mb-10">
              <legend className="mb-4">
                <h2 className="text-2xl font-bold text-slate-900">{group.title ?? group.id}</h2>
              </legend>
              {group.description && (
                <p className={`${hintClass} -mt-2 mb-4 max-w-[70ch]`}>{group.description}</p>
              )}
              {group.fields.map((name) => byName.get(name)?.content)}
            </fieldset>
          ),
        )}
        {visible.filter((p) => !grouped.has(p.name)).map((p) => p.content)}
        {hidden}
      </div>
    );
  }

  const fields = (
    <>
      {visible.map((p) => p.content)}
      {hidden}
    </>
  );
  // a repeating row's card already has its heading ('Sibling 1')
  const isArrayItem = typeof fieldPathId.path.at(-1) === 'number';
  if (isRoot || isArrayItem || !title) return <div id={fieldPathId.$id}>{fields}</div>;
  return (
    <fieldset id={fieldPathId.$id} className="mb-6">
      <legend className="mb-2 text-xl font-bold text-slate-900">{title}</legend>
      {typeof description === 'string' && description && (
        <p className={`${hintClass} mb-4 max-w-[70ch]`}>{description}</p>
      )}
      {fields}
    </fieldset>
  );
}
