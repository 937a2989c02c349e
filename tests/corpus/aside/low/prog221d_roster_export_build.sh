#!/usr/bin/env bash
# roster_export_build.sh - build the published roster export bundle for a
# bid period and register it with the crew-ops API so the crew app can pick
# it up. Build artefacts live in ./build and are cached by input checksum.
set -euo pipefail

PERIOD="${1:?usage: $0 <bid-period, e.g. 2024-11>}"
SRC_DIR="${SRC_DIR:-./roster_src}"
BUILD_DIR="./build"
CACHE_DIR="./.build_cache"
API_URL="${CREWOPS_API_URL:-https://api.crewops.example.com/v1/exports}"
CLEAN=0
[[ "${2:-}" == "--clean" ]] && CLEAN=1

log() { printf '[export-build] %s\n' "$*" >&2; }

if [[ -z "${CREWOPS_API_KEY:-}" ]]; then
    log "CREWOPS_API_KEY is not set"
    exit 1
fi
if [[ ! -d "$SRC_DIR" ]]; then
    log "source dir $SRC_DIR missing"
    exit 1
fi

if (( CLEAN )); then
    log "cleaning previous build output"
    rm -rf -- "$BUILD_DIR" "$CACHE_DIR"
fi
mkdir -p "$BUILD_DIR" "$CACHE_DIR"

# cache key: MD5 over the sorted input files
CACHE_KEY="$(find "$SRC_DIR" -type f -name '*.csv' -print0 | sort -z \
    | xargs -0 cat | md5sum | cut -d' ' -f1)"
CACHED="$CACHE_DIR/$CACHE_KEY.json"
OUT="$BUILD_DIR/roster_${PERIOD}.json"

if [[ -f "$CACHED" ]]; then
    log "inputs unchanged (key $CACHE_KEY), reusing cached export"
    cp "$CACHED" "$OUT"
else
    log "building export for $PERIOD from $SRC_DIR"
    export EXP_SRC="$SRC_DIR" EXP_PERIOD="$PERIOD"
    python3 - > "$OUT" <<'PY'
import csv, glob, json, os, sys
period = os.environ["EXP_PERIOD"]
crews = {}
for path in sorted(glob.glob(os.path.join(os.environ["EXP_SRC"], "*.csv"))):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if not row.get("date", "").startswith(period):
                continue
            crews.setdefault(row["crew_id"], []).append({
                "date": row["date"], "code": row.get("duty_code", ""),
                "pairing": row.get("pairing_id", ""),
            })
json.dump({"period": period, "crew_count": len(crews), "crews": crews},
          sys.stdout, indent=1)
PY
    cp "$OUT" "$CACHED"
fi
chmod 600 "$OUT" "$CACHED"

CREW_COUNT="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["crew_count"])' "$OUT")"
SHA256="$(sha256sum "$OUT" | cut -d' ' -f1)"
log "export has $CREW_COUNT crew, sha256 $SHA256"

# register the bundle: the export itself travels base64-encoded in the JSON body
export REG_OUT="$OUT" REG_PERIOD="$PERIOD" REG_SHA="$SHA256" REG_COUNT="$CREW_COUNT"
PAYLOAD="$BUILD_DIR/register_${PERIOD}.json"
python3 -c '
import base64, json, os
with open(os.environ["REG_OUT"], "rb") as fh:
    blob = base64.b64encode(fh.read()).decode()
print(json.dumps({
    "period": os.environ["REG_PERIOD"],
    "sha256": os.environ["REG_SHA"],
    "crew_count": int(os.environ["REG_COUNT"]),
    "content_b64": blob,
}))
' > "$PAYLOAD"
chmod 600 "$PAYLOAD"

HTTP_CODE="$(curl -sS --max-time 60 -o "$BUILD_DIR/register_response.json" -w '%{http_code}' \
    -X POST -H "Content-Type: application/json" \
    -H "X-Api-Key: $CREWOPS_API_KEY" \
    --data-binary @"$PAYLOAD" "$API_URL")"

if [[ "$HTTP_CODE" =~ ^2 ]]; then
    log "registered export for $PERIOD (HTTP $HTTP_CODE)"
else
    log "registration failed with HTTP $HTTP_CODE, see $BUILD_DIR/register_response.json"
    exit 1
fi
