// Hand-written declaration for the generated standalone validator (its code is generated JavaScript).
import type { Flow } from './flow-types';

export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  /** Set on the errors of a `propertyNames` check: the key that fails it. */
  propertyName?: string;
}

interface ValidateFlowSchema {
  (data: unknown): data is Flow;
  errors?: SchemaError[] | null;
}

declare const validate: ValidateFlowSchema;
export default validate;
