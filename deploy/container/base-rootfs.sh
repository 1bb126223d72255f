#!/usr/bin/env bash
# Prints the path of a Debian root filesystem tarball with a Java 17 runtime and the pgvs3 user, the
# base of the image (deploy/container/build.sh). Built with mmdebstrap from this machine's own Debian
# sources (no container registry needed) and cached: the tarball's name carries a hash of everything
# that goes into it, so a second build reuses it and a changed package list makes a new one.
#
#   deploy/container/base-rootfs.sh
#
#   PGVS3_IMAGE_CACHE   cache directory (default ~/.cache/pgvs3/image)
#   PGVS3_IMAGE_SUITE   Debian suite (default: this machine's, from /etc/os-release)
#   PGVS3_APT_SOURCES   apt sources file for mmdebstrap (default: the first of /etc/apt/sources.list.d/debian.sources,
#                       /etc/apt/sources.list)
set -euo pipefail

die() { printf '[pgvs3] error: %s\n' "$*" >&2; exit 1; }
log() { printf '[pgvs3] %s\n' "$*" >&2; }

command -v mmdebstrap >/dev/null 2>&1 || die "mmdebstrap is not installed (Debian package mmdebstrap)"
[[ $(id -u) == 0 ]] || die "building the root filesystem needs root (mmdebstrap --mode=root)"

CACHE=${PGVS3_IMAGE_CACHE:-$HOME/.cache/pgvs3/image}
# shellcheck source=/dev/null
SUITE=${PGVS3_IMAGE_SUITE:-$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")}
[[ -n $SUITE ]] || die "cannot tell the Debian suite; set PGVS3_IMAGE_SUITE (e.g. bookworm)"
SOURCES=${PGVS3_APT_SOURCES:-}
if [[ -z $SOURCES ]]; then
  for candidate in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
    if [[ -s $candidate ]]; then SOURCES=$candidate; break; fi
  done
fi
[[ -r $SOURCES ]] || die "no apt sources file found; set PGVS3_APT_SOURCES"

PACKAGES=openjdk-17-jre-headless,ca-certificates
# Liberty's convention (uid 1001, group 0): arbitrary-uid platforms (OpenShift) run as some uid in group 0.
USER_LINE='pgvs3:x:1001:0:pgvs3:/opt/ol:/usr/sbin/nologin'
# shellcheck disable=SC2016 # the hooks' $1 (the root directory) is expanded by mmdebstrap's shell
ARGS=(
  --variant=essential --mode=root --format=tar --include="$PACKAGES"
  --aptopt='Acquire::Languages "none"'
  # docs, man pages and translations are a tenth of the image and nobody reads them in a container
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*'
  --dpkgopt='path-exclude=/usr/share/locale/*'
  # the JRE's postinst registers a man page alternative and fails when the directory is missing
  --setup-hook='mkdir -p "$1/usr/share/man/man1"'
  --customize-hook="echo '$USER_LINE' >>\"\$1/etc/passwd\""
)

# The cache key covers the arguments, the suite and the sources (a new snapshot makes a new base).
key=$({ printf '%s\n' "$SUITE" "${ARGS[@]}"; cat "$SOURCES"; } | sha256sum | cut -c1-16)
tarball="$CACHE/debian-$SUITE-jre17-$key.tar"
if [[ -s $tarball ]]; then
  log "base root filesystem from the cache: $tarball"
  printf '%s\n' "$tarball"
  exit 0
fi

mkdir -p "$CACHE"
log "building the base root filesystem with mmdebstrap ($SUITE, $PACKAGES); cached as $tarball"
tmp="$CACHE/.building-$$.tar"
trap 'rm -f "$tmp"' EXIT
mmdebstrap "${ARGS[@]}" "$SUITE" "$tmp" "$SOURCES" >"$CACHE/mmdebstrap.log" 2>&1 \
  || { tail -n 30 "$CACHE/mmdebstrap.log" >&2; die "mmdebstrap failed (log: $CACHE/mmdebstrap.log)"; }
mv "$tmp" "$tarball"
printf '%s\n' "$tarball"
