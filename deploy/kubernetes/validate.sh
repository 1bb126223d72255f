#!/usr/bin/env bash
# Offline checks of the Kubernetes manifests and the Helm chart, for CI (no cluster needed):
#   1. the chart's appVersion is the project version; helm lint of the chart; renderings with the default values, the example values and a
#      TLS-terminating-proxy variant; values that must be refused are refused;
#   2. the plain manifests in deploy/kubernetes equal a fresh rendering (render.sh);
#   3. yamllint (strict) of the manifests, the chart's values and every rendering;
#   4. every object against the Kubernetes field schemas (validate/validate.mjs).
#
#   deploy/kubernetes/validate.sh
set -euo pipefail

# shellcheck source=deploy/kubernetes/tools.sh
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
command -v yamllint >/dev/null 2>&1 || { echo "yamllint is not installed (Debian package yamllint)" >&2; exit 1; }
k8s_tools
out="$VALIDATE_DIR/rendered"
rm -rf "$out"
mkdir -p "$out"

fail() { echo "validate.sh: $*" >&2; exit 1; }
render() { "$HELM" template pgvs3 "$CHART" --namespace pgvs3 "$@"; }

# the image that build.sh tags by default is the one the chart runs by default
version=$(sed -n 's/.*<version>\([^<]*\)<\/version>.*/\1/p' "$REPO/ear/pom.xml" | head -n 1)
grep -qx "appVersion: \"$version\"" "$CHART/Chart.yaml" || fail "Chart.yaml's appVersion is not the project version $version"

"$HELM" lint --strict "$CHART" >"$out/lint.log" || { cat "$out/lint.log" >&2; fail "helm lint failed"; }
"$HELM" lint --strict "$CHART" --values "$KUBE_DIR/example-values.yaml" >"$out/lint.log" \
  || { cat "$out/lint.log" >&2; fail "helm lint with example-values.yaml failed"; }
render >"$out/defaults.yaml"
render --values "$KUBE_DIR/example-values.yaml" >"$out/example.yaml"
render --set tls.enabled=false --set allowPlaintext=true --set database.caSecret= \
  --set database.maxConnections=100 --set replicaCount=2 >"$out/plaintext.yaml"

# values that give pods that can never be ready, or more connections than the database has
if render --set tls.enabled=false >/dev/null 2>&1; then
  fail "the chart rendered plaintext S3 without allowPlaintext"
fi
if render --set database.maxConnections=80 --set replicaCount=2 >/dev/null 2>&1; then
  fail "the chart rendered 2 × 38 connections for max_connections 80 − 10 reserved"
fi

render_dir="$VALIDATE_DIR/plain"
"$KUBE_DIR/render.sh" "$render_dir"
for file in "$render_dir"/*.yaml; do
  cmp -s "$file" "$KUBE_DIR/${file##*/}" || fail "deploy/kubernetes/${file##*/} differs from the chart: run deploy/kubernetes/render.sh"
done

manifests=()
for file in "$KUBE_DIR"/*.yaml; do
  [[ ${file##*/} == example-values.yaml ]] || manifests+=("$file")
done
yamllint -s -c "$KUBE_DIR/.yamllint" "$KUBE_DIR"/*.yaml "$CHART/values.yaml" "$CHART/Chart.yaml" "$out"/*.yaml
node "$VALIDATE_DIR/validate.mjs" "${manifests[@]}" "$out"/*.yaml
echo "validate.sh: manifests and chart are valid"
