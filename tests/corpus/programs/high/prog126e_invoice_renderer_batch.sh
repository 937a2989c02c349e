#!/usr/bin/env bash
# invoice_renderer_batch.sh - render a month of interpreter invoices to PDF
#
# Invoices are HTML files in ./invoices/<YYYY-MM>/.  Rendering uses the
# agency's weasyprint image so every interpreter's PDFs look identical.
# Talks to the Docker Engine API directly so it also works on stations that
# only have the engine installed, not the docker CLI.

set -euo pipefail

MONTH="${1:-$(date +%Y-%m)}"
SRC="$(pwd)/invoices/${MONTH}"
OUT="$(pwd)/invoices/${MONTH}/pdf"
IMAGE="${RENDER_IMAGE:-registry.agency-tools.example/invoice-render:2.4}"
SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="invoice-render-$$"

log() { printf '[render] %s\n' "$*" >&2; }

api() {
    local method="$1" path="$2"; shift 2
    curl -sS --fail --unix-socket "$SOCK" -X "$method" \
        -H 'Content-Type: application/json' "$API$path" "$@"
}

cleanup() {
    api DELETE "/containers/${NAME}?force=true" >/dev/null 2>&1 || true
}
trap cleanup EXIT

[ -d "$SRC" ] || { log "no invoices for $MONTH in $SRC"; exit 1; }
[ -S "$SOCK" ] || { log "docker socket $SOCK not found"; exit 1; }
mkdir -p "$OUT"

count=$(find "$SRC" -maxdepth 1 -name '*.html' | wc -l)
log "rendering $count invoices for $MONTH"

if ! api GET "/images/${IMAGE//\//%2F}/json" >/dev/null 2>&1; then
    log "pulling $IMAGE"
    api POST "/images/create?fromImage=${IMAGE%:*}&tag=${IMAGE##*:}" >/dev/null
fi

spec=$(cat <<EOF
{
  "Image": "${IMAGE}",
  "User": "$(id -u):$(id -g)",
  "Cmd": ["sh", "-c", "for f in /in/*.html; do weasyprint \"\$f\" /out/\$(basename \"\${f%.html}\").pdf; done"],
  "HostConfig": {
    "Binds": ["${SRC}:/in:ro", "${OUT}:/out"],
    "NetworkMode": "none",
    "AutoRemove": false
  }
}
EOF
)

api POST "/containers/create?name=${NAME}" -d "$spec" >/dev/null
api POST "/containers/${NAME}/start" >/dev/null
status=$(api POST "/containers/${NAME}/wait" | sed -n 's/.*"StatusCode":\([0-9]*\).*/\1/p')

if [ "${status:-1}" -ne 0 ]; then
    log "renderer exited with status ${status:-unknown}; container log follows"
    api GET "/containers/${NAME}/logs?stdout=1&stderr=1" --output - | tail -n 20 >&2
    exit 1
fi

made=$(find "$OUT" -maxdepth 1 -name '*.pdf' -newer "$0" | wc -l)
log "rendered $made PDFs into $OUT"
