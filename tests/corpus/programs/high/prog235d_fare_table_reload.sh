#!/usr/bin/env bash
# fare_table_reload.sh - validate a new fare table and make the dispatcher use it.
#
# The new table is checked by an inline Python validator (the file path and
# limits are passed in environment variables), copied into ./fares/current.json
# where the service reads it, and the taxi-dispatch unit is reloaded.
set -euo pipefail

SERVICE="taxi-dispatch.service"
FARES_DIR="./fares"
MAX_PER_KM="5.00"
NEW_TABLE=""

log() { printf '%s [fare-reload] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "Usage: $0 -f new_fares.json [-s service] [-m max_per_km]"
}

while getopts ":f:s:m:h" opt; do
    case "$opt" in
        f) NEW_TABLE="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        m) MAX_PER_KM="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$NEW_TABLE" && -f "$NEW_TABLE" ]] || { usage; exit 2; }
[[ "$SERVICE" =~ ^[a-z0-9@._-]+\.service$ ]] || { log "bad unit name"; exit 2; }

validation="$(
    FARE_FILE="$NEW_TABLE" MAX_PER_KM="$MAX_PER_KM" python3 - <<'PY'
import json
import os
import sys

limit = float(os.environ["MAX_PER_KM"])
try:
    with open(os.environ["FARE_FILE"]) as fh:
        table = json.load(fh)
except (OSError, ValueError) as exc:
    print(f"FAIL unreadable: {exc}")
    sys.exit(0)

errors = []
tariffs = table.get("tariffs", {})
if not tariffs:
    errors.append("no tariffs defined")
for name, t in tariffs.items():
    for key in ("flag_fall", "per_km", "per_min_waiting"):
        if not isinstance(t.get(key), (int, float)) or t[key] < 0:
            errors.append(f"{name}.{key} missing or negative")
    if isinstance(t.get("per_km"), (int, float)) and t["per_km"] > limit:
        errors.append(f"{name}.per_km {t['per_km']} above limit {limit}")
print("FAIL " + "; ".join(errors) if errors else f"OK {len(tariffs)} tariffs")
PY
)"

case "$validation" in
    OK*) log "validation: $validation" ;;
    *)   log "validation: $validation"; exit 1 ;;
esac

mkdir -p "$FARES_DIR/archive"
if [[ -f "$FARES_DIR/current.json" ]]; then
    cp -p "$FARES_DIR/current.json" "$FARES_DIR/archive/fares_$(date +%Y%m%d_%H%M%S).json"
fi
cp "$NEW_TABLE" "$FARES_DIR/current.json.new"
mv -f "$FARES_DIR/current.json.new" "$FARES_DIR/current.json"
log "installed new table into $FARES_DIR/current.json"

if ! systemctl is-active --quiet "$SERVICE"; then
    log "$SERVICE is not running; starting it"
    systemctl start "$SERVICE"
else
    log "reloading $SERVICE"
    systemctl reload "$SERVICE"
fi

sleep 2
if systemctl is-active --quiet "$SERVICE"; then
    log "$SERVICE active with new fare table"
else
    log "$SERVICE failed after reload; restoring previous table"
    latest="$(ls -1t "$FARES_DIR/archive/"fares_*.json 2>/dev/null | head -n1 || true)"
    if [[ -n "$latest" ]]; then
        cp -p "$latest" "$FARES_DIR/current.json"
        systemctl restart "$SERVICE" || true
    fi
    exit 1
fi
