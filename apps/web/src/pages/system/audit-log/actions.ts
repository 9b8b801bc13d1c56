/** The i18n key of an audit action's label: `auditAction.<action with . and - as _>`. */
export const auditActionKey = (action: string) => `auditAction.${action.replace(/[.-]/g, '_')}`;

/** The i18n key of a target type's label. */
export const targetTypeKey = (type: string) => `system.audit.targetType_${type.replace(/[.-]/g, '_')}`;

/** A translated label when there is one, else the code itself. */
export const labelOr = (
  i18n: { exists: (key: string) => boolean; t: (key: string) => string },
  key: string,
  code: string,
) => (i18n.exists(key) ? i18n.t(key) : code);
