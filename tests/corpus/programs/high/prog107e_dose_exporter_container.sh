#!/usr/bin/env bash
# dose_exporter_container.sh - run the monthly dose-registry export inside the
# packaged exporter image, so the physics workstation does not need the
# Python stack installed. Talks to the local Docker Engine API directly; the
# docker CLI is not installed on the physics build.
#
# Usage: dose_exporter_container.sh YYYY-MM [image]

set -euo pipefail

PERIOD="${1:?usage: $0 YYYY-MM [image]}"
IMAGE="${2:-registry.trust.internal/radphys/dose-exporter:2.3}"
SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
EXPORT_DIR="$(pwd)/dose_exports"
NAME="dose-export-${PERIOD//-/}"

log() { echo "$(date +%T) $*" >&2; }

engine() {
    local method="$1" path="$2"
    shift 2
    curl -sS --fail --unix-socket "$SOCK" -X "$method" \
        -H 'Content-Type: application/json' "$@" "${API}${path}"
}

[[ "$PERIOD" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { log "period must be YYYY-MM"; exit 2; }
[[ -S "$SOCK" ]] || { log "engine socket $SOCK not found"; exit 1; }
mkdir -p "$EXPORT_DIR"

cleanup() {
    engine DELETE "/containers/${NAME}?force=true" >/dev/null 2>&1 || true
}
trap cleanup EXIT

log "pulling $IMAGE"
engine POST "/images/create?fromImage=${IMAGE%:*}&tag=${IMAGE##*:}" >/dev/null

cleanup
spec=$(cat <<JSON
{
  "Image": "${IMAGE}",
  "Cmd": ["export", "--period", "${PERIOD}", "--out", "/exports"],
  "Env": [
    "DOSE_REGISTRY_KEY=${DOSE_REGISTRY_KEY:-}",
    "DOSE_SITE_CODE=${DOSE_SITE_CODE:-RXX}",
    "PACS_QR_HOST=${PACS_QR_HOST:-pacs-core.trust.internal}"
  ],
  "HostConfig": {
    "Binds": ["${EXPORT_DIR}:/exports"],
    "NetworkMode": "host",
    "AutoRemove": false
  }
}
JSON
)

log "creating $NAME"
engine POST "/containers/create?name=${NAME}" -d "$spec" >/dev/null
engine POST "/containers/${NAME}/start" >/dev/null
log "exporter running, waiting for completion"

status=$(engine POST "/containers/${NAME}/wait" | sed -n 's/.*"StatusCode":\([0-9]*\).*/\1/p')
engine GET "/containers/${NAME}/logs?stdout=1&stderr=1" --output - \
    | tr -cd '\11\12\15\40-\176' > "${EXPORT_DIR}/${NAME}.log" || true

if [[ "${status:-1}" != "0" ]]; then
    log "exporter exited with status ${status:-unknown}; see ${EXPORT_DIR}/${NAME}.log"
    exit 1
fi
log "export for $PERIOD complete:"
ls -l "$EXPORT_DIR" | grep -F "$PERIOD" || log "(no files named for $PERIOD)"
