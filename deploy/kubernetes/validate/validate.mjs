// Checks Kubernetes manifests offline against the API's field schemas (no cluster needed):
//  - kubernetes-models validates each object with the OpenAPI schema (types, required fields, formats);
//  - that schema allows unknown fields, which the API server would drop or refuse, so every field name is
//    also looked up in @kubernetes/client-node's model descriptions (a typo such as periodSecond fails).
// Usage: node validate.mjs FILE...   (multi-document YAML; exit 1 on the first file with errors)
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";
import * as fields from "@kubernetes/client-node/dist/gen/models/ObjectSerializer.js";

// apiVersion/kind -> [kubernetes-models module, client-node model name or null (CRD)]
const KINDS = {
  "v1/ConfigMap": ["kubernetes-models/v1/ConfigMap", "V1ConfigMap"],
  "v1/Secret": ["kubernetes-models/v1/Secret", "V1Secret"],
  "v1/Service": ["kubernetes-models/v1/Service", "V1Service"],
  "apps/v1/Deployment": ["kubernetes-models/apps/v1/Deployment", "V1Deployment"],
  "policy/v1/PodDisruptionBudget": ["kubernetes-models/policy/v1/PodDisruptionBudget", "V1PodDisruptionBudget"],
  "monitoring.coreos.com/v1/ServiceMonitor": ["@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor", null],
};
const OPEN_TYPES = new Set(["string", "number", "boolean", "Date", "IntOrString", "any", "object", "Buffer"]);

function unknownFields(value, type, path, problems) {
  if (value === null || value === undefined || OPEN_TYPES.has(type)) return;
  const array = /^Array<(.+)>$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) return problems.push(`${path}: expected a list`);
    value.forEach((item, i) => unknownFields(item, array[1], `${path}[${i}]`, problems));
    return;
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) {
    for (const [key, item] of Object.entries(value)) unknownFields(item, map[1], `${path}.${key}`, problems);
    return;
  }
  const model = fields[type];
  if (!model?.getAttributeTypeMap) return problems.push(`${path}: no field description for type ${type}`);
  if (typeof value !== "object" || Array.isArray(value)) return problems.push(`${path}: expected an object (${type})`);
  const attributes = new Map(model.getAttributeTypeMap().map((a) => [a.baseName, a.type]));
  for (const [key, item] of Object.entries(value)) {
    if (!attributes.has(key)) problems.push(`${path}.${key}: unknown field of ${type}`);
    else unknownFields(item, attributes.get(key), `${path}.${key}`, problems);
  }
}

async function check(doc) {
  const key = `${doc.apiVersion}/${doc.kind}`;
  const kind = KINDS[key];
  if (!kind) return [`unsupported apiVersion/kind ${key}: add it to KINDS in validate.mjs`];
  const [module, model] = kind;
  const { [doc.kind]: Model } = await import(module);
  const problems = [];
  try {
    new Model(doc).validate();
  } catch (e) {
    for (const error of e.errors ?? [e]) problems.push(`${error.instancePath ?? ""} ${error.message}`);
  }
  if (model) unknownFields(doc, model, "", problems);
  return problems;
}

let failed = false;
for (const file of process.argv.slice(2)) {
  const docs = parseAllDocuments(readFileSync(file, "utf8"));
  let count = 0;
  for (const parsed of docs) {
    if (parsed.errors.length) {
      console.error(`${file}: YAML: ${parsed.errors.map((e) => e.message).join("; ")}`);
      failed = true;
      continue;
    }
    const doc = parsed.toJS();
    if (doc === null) continue; // an empty document (a template that rendered nothing)
    count++;
    for (const problem of await check(doc)) {
      console.error(`${file}: ${doc.kind} ${doc.metadata?.name}: ${problem}`);
      failed = true;
    }
  }
  if (!failed) console.log(`${file}: ${count} object(s) valid`);
}
process.exit(failed ? 1 : 0);
