#!/usr/bin/env bash
# Builds the pgvs3 container image without a registry: a Debian root filesystem with a Java 17 runtime
# (base-rootfs.sh, cached), Open Liberty minified to the server's features, the server from
# liberty-config with the EAR and the PgJDBC driver exactly as the ear module builds it, all imported
# into podman as one image. Needs root, podman, mmdebstrap and unzip, and the build output of
# `./mvnw -B package -DskipTests` (ear/target/liberty).
#
#   deploy/container/build.sh [--tag IMAGE]    default IMAGE: localhost/pgvs3:<project version>
#
# The image runs `server run pgvs3` as uid 1001 (group 0); see docs/deployment.md for its settings.
set -euo pipefail

# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../local/lib.sh"
HERE="$PGVS3_REPO/deploy/container"

IMAGE=""
while (($#)); do
  case $1 in
    --tag) (($# >= 2)) || pgvs3_die "--tag needs an image name"; IMAGE=$2; shift 2 ;;
    --tag=*) IMAGE=${1#*=}; shift ;;
    -h | --help) sed -n '2,10s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) pgvs3_die "unknown argument: $1 (try --help)" ;;
  esac
done

# the parent's version, the first <version> of the EAR's pom; the Helm chart's appVersion is the same
version=$(sed -n 's/.*<version>\([^<]*\)<\/version>.*/\1/p' "$PGVS3_REPO/ear/pom.xml" | head -n 1)
IMAGE=${IMAGE:-localhost/pgvs3:$version}

for tool in podman unzip; do
  command -v "$tool" >/dev/null 2>&1 || pgvs3_die "$tool is not installed (Debian package $tool)"
done
[[ -x $PGVS3_WLP/bin/server && -f $PGVS3_BUILT_SERVER/apps/pgvs3.ear && -f $PGVS3_BUILT_SERVER/apps/web-liveness.war &&
  -f $PGVS3_BUILT_SERVER/lib/jdbc/postgresql.jar ]] \
  || pgvs3_die "no built server in $PGVS3_BUILT_SERVER; run ./mvnw -B package -DskipTests first"
export CONTAINERS_CONF=${CONTAINERS_CONF:-$HERE/containers.conf}

base=$("$HERE/base-rootfs.sh")
WORK="$PGVS3_REPO/target/container"
rm -rf "$WORK"
mkdir -p "$WORK/usr/servers/pgvs3" "$WORK/rootfs"

# The built server without run state and without server.env: its generated keystore password would be
# the same in every copy of the image. The image takes its secrets from mounted files instead.
for entry in "$PGVS3_BUILT_SERVER"/*; do
  case ${entry##*/} in
    logs | workarea | variables | server.env) continue ;;
  esac
  cp -R "$entry" "$WORK/usr/servers/pgvs3/"
done
cat "$HERE/jvm.options" >>"$WORK/usr/servers/pgvs3/jvm.options"
mkdir -p "$WORK/usr/servers/pgvs3/configDropins/overrides"
cp "$HERE/overrides.xml" "$WORK/usr/servers/pgvs3/configDropins/overrides/container.xml"

# minify keeps only the runtime bundles the server's features need: about 70 MiB instead of 400.
pgvs3_log "packaging Open Liberty minified to the features of liberty-config/server.xml"
WLP_USER_DIR="$WORK/usr" "$PGVS3_WLP/bin/server" package pgvs3 --include=minify \
  --archive="$WORK/pgvs3-server.zip" >"$WORK/package.log" 2>&1 \
  || { tail -n 20 "$WORK/package.log" >&2; pgvs3_die "server package failed (log: $WORK/package.log)"; }

ROOT="$WORK/rootfs"
tar -xf "$base" -C "$ROOT"
mkdir -p "$ROOT/opt/ol"
unzip -q "$WORK/pgvs3-server.zip" -d "$ROOT/opt/ol"
rm -rf "$ROOT/opt/ol/wlp/usr/servers/pgvs3/workarea"
install -m 0755 "$HERE/healthcheck.sh" "$ROOT/usr/local/bin/pgvs3-healthcheck"
# Code and configuration stay root-owned and read-only for the gateway; it writes only logs and its
# workarea (WLP_OUTPUT_DIR), group 0 so that an arbitrary uid in group 0 can too.
mkdir -p "$ROOT/opt/ol/wlp/output" "$ROOT/etc/pgvs3/secrets"
chown -R 1001:0 "$ROOT/opt/ol/wlp/output"
chmod -R g+rwX "$ROOT/opt/ol/wlp/output"

# Liberty's server script adds the JPMS --add-opens (java9.options) only when JAVA_HOME is set; it does
# not derive JAVA_HOME from a JRE on the PATH (no include/ directory), and CDI fails without them.
java_home=$(cd "$ROOT" && find usr/lib/jvm -maxdepth 1 -name 'java-17-openjdk-*' -type d | head -n 1)
[[ -n $java_home && -x $ROOT/$java_home/bin/java ]] || pgvs3_die "no Java 17 runtime in the base root filesystem"

revision=$(git -C "$PGVS3_REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)
previous=$(podman image inspect --format '{{.Id}}' "$IMAGE" 2>/dev/null || true)
pgvs3_log "importing $ROOT as $IMAGE"
tar -C "$ROOT" --numeric-owner -c . | podman import \
  --change 'USER 1001' \
  --change 'WORKDIR /opt/ol' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8' \
  --change "ENV JAVA_HOME=/$java_home" \
  --change 'ENV WLP_OUTPUT_DIR=/opt/ol/wlp/output' \
  --change 'ENV VARIABLE_SOURCE_DIRS=/etc/pgvs3/secrets' \
  --change 'ENV PGVS3_S3_HOST=*' \
  --change 'ENV PGVS3_ADMIN_HOST=*' \
  --change 'EXPOSE 8014' --change 'EXPOSE 9080' \
  --change 'LABEL org.opencontainers.image.title=pgvs3' \
  --change "LABEL org.opencontainers.image.version=$version" \
  --change "LABEL org.opencontainers.image.revision=$revision" \
  --change 'CMD ["/opt/ol/wlp/bin/server", "run", "pgvs3"]' \
  - "$IMAGE" >"$WORK/import.log" 2>&1 \
  || { cat "$WORK/import.log" >&2; pgvs3_die "podman import failed"; }
rm -rf "$ROOT"
# The image this tag named before would stay behind untagged, 400 MiB per build; a container still using
# it keeps it (podman refuses), which is what we want.
if [[ -n $previous && $previous != $(podman image inspect --format '{{.Id}}' "$IMAGE") ]]; then
  podman rmi "$previous" >/dev/null 2>&1 || true
fi
pgvs3_log "built $IMAGE ($(podman image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%d MiB", $1 / 1048576}'))"
