#!/usr/bin/env bash
# Push pending intake records to the regional wildlife casualty registry.
# Each ./pending/*.json file is one admission. The script normalises it,
# posts it to the registry API with the centre's key (REGISTRY_API_KEY), and
# moves it to ./posted on success. Build artefacts live in ./.build and are
# removed at the end.
set -euo pipefail

API_URL="${REGISTRY_API_URL:-https://api.registry.example.net/v1/intakes}"
PENDING_DIR="./pending"
POSTED_DIR="./posted"
BUILD_DIR="./.build"
DRY_RUN=0
CENTRE_ID="${CENTRE_ID:-WRC-017}"

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }

cleanup() { rm -rf "$BUILD_DIR"; }
trap cleanup EXIT

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) log "unknown option $arg"; exit 2 ;;
    esac
done

if [[ -z "${REGISTRY_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    log "REGISTRY_API_KEY is not set"
    exit 1
fi

mkdir -p "$POSTED_DIR" "$BUILD_DIR"
shopt -s nullglob
files=("$PENDING_DIR"/*.json)
if [[ ${#files[@]} -eq 0 ]]; then
    log "nothing pending"
    exit 0
fi

normalise() {
    # Takes one raw record file as $1, prints the registry payload on stdout.
    CENTRE_ID="$CENTRE_ID" python3 - "$1" <<'PY'
import json
import os
import sys

src = sys.argv[1]
with open(src, encoding="utf-8") as fh:
    rec = json.load(fh)

required = ("intake_id", "species", "admitted_at")
missing = [k for k in required if not rec.get(k)]
if missing:
    print(f"{src}: missing {', '.join(missing)}", file=sys.stderr)
    sys.exit(3)

payload = {
    "centre": os.environ["CENTRE_ID"],
    "reference": rec["intake_id"],
    "species": rec["species"].strip().lower(),
    "admitted_at": rec["admitted_at"],
    "grid_ref": rec.get("found_grid_ref"),
    "reason": rec.get("reason", "unknown"),
    "outcome": rec.get("outcome"),
}
json.dump(payload, sys.stdout)
PY
}

ok=0
failed=0
for f in "${files[@]}"; do
    base=$(basename "$f")
    body="$BUILD_DIR/$base"
    if ! normalise "$f" > "$body"; then
        log "skipping $base (invalid)"
        failed=$((failed + 1))
        continue
    fi
    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry run: would post $base"
        cat "$body" >&2; echo >&2
        continue
    fi
    # The key goes only to the registry API, in its Authorization header.
    status=$(curl -sS --max-time 20 -o "$BUILD_DIR/resp_$base" -w '%{http_code}' \
        -X POST "$API_URL" \
        -H "Authorization: Bearer $REGISTRY_API_KEY" \
        -H 'Content-Type: application/json' \
        --data-binary @"$body") || status="000"
    case "$status" in
        200|201)
            mv "$f" "$POSTED_DIR/$base"
            ok=$((ok + 1))
            log "posted $base"
            ;;
        409)
            log "$base already registered; archiving"
            mv "$f" "$POSTED_DIR/$base"
            ;;
        *)
            log "post of $base failed with HTTP $status"
            failed=$((failed + 1))
            ;;
    esac
done

log "done: $ok posted, $failed failed"
[[ $failed -eq 0 ]]
