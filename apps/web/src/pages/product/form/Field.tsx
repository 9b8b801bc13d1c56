import { Form, type FormItemProps } from 'antd';
import { createContext, useContext } from 'react';
import type { FieldRules } from '../../../components/ResourceForm/zodRules';

/** The contract's rules by top-level field (from useResourceForm), for the stepped product form. */
export const RulesContext = createContext<Record<string, FieldRules>>({});

/**
 * A field of the product form: its rules come from the contract's productInput schema (plus any
 * given here); the asterisk shows when the schema needs a value.
 */
export const Field = ({
  name,
  rules,
  required,
  ...props
}: FormItemProps & { name: FormItemProps['name'] }) => {
  const schemaRules = useContext(RulesContext)[typeof name === 'string' ? name : ''];
  return (
    <Form.Item
      name={name}
      required={required ?? schemaRules?.required}
      rules={[...(schemaRules?.rules ?? []), ...(rules ?? [])]}
      {...props}
    />
  );
};
