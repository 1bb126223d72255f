#!/usr/bin/env bash
# Container health check: exit 0 when the gateway's /health/PROBE (ready by default) answers 200 on the
# management port. Pure bash (/dev/tcp) because the image carries no curl; Kubernetes uses its own
# httpGet probes instead, this is for podman/docker HEALTHCHECK.
#
#   pgvs3-healthcheck [ready|live|started]
set -euo pipefail

probe=${1:-ready}
[[ $probe =~ ^(ready|live|started)$ ]] || { echo "usage: pgvs3-healthcheck [ready|live|started]" >&2; exit 2; }
port=${PGVS3_ADMIN_PORT:-9080}
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /health/%s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$probe" "$port" >&3
IFS= read -r -t 5 status <&3
[[ $status =~ ^HTTP/[0-9.]+\ 200 ]]
