#!/bin/sh
# Refresh the GPS-tracker firmware tooling on the depot workstation.
# Reads the vendor index, compares it with the fleet list and, when units
# are behind, pulls the vendor's updater bootstrap and runs it so the
# flashing tool is current before the night shift plugs trackers in.

VENDOR_URL="${VENDOR_URL:-https://fw-mirror.trakline-devices.example/index/v3.json}"
BOOTSTRAP_URL="${BOOTSTRAP_URL:-https://fw-mirror.trakline-devices.example/tools/bootstrap}"
WORK_DIR="./.fw-refresh"
INDEX_FILE="$WORK_DIR/index.json"
FLEET_CSV="${1:-./fleet_units.csv}"
RETRIES=3

say() { echo "[fw-refresh] $*"; }
die() { echo "[fw-refresh] error: $*" >&2; exit 1; }

command -v jq >/dev/null 2>&1 || die "jq is required"
[ -r "$FLEET_CSV" ] || die "fleet list $FLEET_CSV not readable"
mkdir -p "$WORK_DIR"

fetch() {
    # fetch URL OUTFILE
    attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if wget -q -T 30 -O "$2" "$1"; then
            return 0
        fi
        say "download of $1 failed (attempt $attempt)"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

fetch "$VENDOR_URL" "$INDEX_FILE" || die "could not download firmware index"
jq -e '.models' "$INDEX_FILE" >/dev/null 2>&1 || die "index has no .models"

behind=0
# fleet_units.csv: unit_id,model,firmware
while IFS=, read -r unit model fw; do
    [ "$unit" = "unit_id" ] && continue
    [ -n "$unit" ] || continue
    latest=$(jq -r --arg m "$model" '.models[] | select(.name == $m) | .latest' "$INDEX_FILE")
    if [ -n "$latest" ] && [ "$fw" != "$latest" ]; then
        say "$unit ($model) on $fw, vendor has $latest"
        behind=$((behind + 1))
    fi
done < "$FLEET_CSV"

if [ "$behind" -eq 0 ]; then
    say "all units current, nothing to do"
    exit 0
fi

tool_ver=$(jq -r '.tooling.version // "latest"' "$INDEX_FILE")
stage="$WORK_DIR/bootstrap-$tool_ver"
fetch "$BOOTSTRAP_URL?v=$tool_ver" "$stage" || die "could not fetch updater bootstrap"
chmod +x "$stage"

say "$behind units behind; running updater bootstrap $tool_ver"
if ! "$stage" --unattended --fleet "$FLEET_CSV"; then
    die "updater bootstrap failed"
fi
say "flashing tool refreshed"
