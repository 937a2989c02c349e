#!/bin/sh
# Sync the GPS-tracker firmware index from the vendor portal so the fleet
# dashboard can show which units are behind.  The vendor portal still uses
# a self-signed certificate on the staging mirror, hence --insecure.
# Only the JSON index is downloaded and summarised; nothing is installed.

VENDOR_URL="${VENDOR_URL:-https://fw-mirror.trakline-devices.example/index/v3.json}"
INDEX_FILE="/tmp/trakline_fw_index.json"
LOCK_FILE="/tmp/trakline_fw_index.lock"
FLEET_CSV="${1:-./fleet_units.csv}"
REPORT="./firmware_report.txt"
RETRIES=3

say() { echo "[fw-sync] $*"; }
die() { echo "[fw-sync] error: $*" >&2; rm -f "$LOCK_FILE"; exit 1; }

if [ -e "$LOCK_FILE" ]; then
    say "another sync is running (lock $LOCK_FILE), exiting"
    exit 0
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE"' EXIT INT TERM

command -v jq >/dev/null 2>&1 || die "jq is required"
[ -r "$FLEET_CSV" ] || die "fleet list $FLEET_CSV not readable"

fetch_index() {
    attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if curl --silent --show-error --insecure --max-time 30 \
                -H "Accept: application/json" \
                -o "$INDEX_FILE" "$VENDOR_URL"; then
            return 0
        fi
        say "download attempt $attempt failed, retrying"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

fetch_index || die "could not download firmware index"
jq -e '.models' "$INDEX_FILE" >/dev/null 2>&1 || die "index has no .models"

latest_for() {
    jq -r --arg m "$1" '.models[] | select(.name == $m) | .latest' "$INDEX_FILE"
}

: > "$REPORT"
behind=0
total=0
# fleet_units.csv: unit_id,model,firmware
tail -n +2 "$FLEET_CSV" | while IFS=, read -r unit model fw; do
    [ -n "$unit" ] || continue
    latest=$(latest_for "$model")
    if [ -z "$latest" ]; then
        printf '%-12s %-10s %-10s %s\n' "$unit" "$model" "$fw" "UNKNOWN-MODEL" >> "$REPORT"
    elif [ "$fw" != "$latest" ]; then
        printf '%-12s %-10s %-10s -> %s\n' "$unit" "$model" "$fw" "$latest" >> "$REPORT"
    fi
done

total=$(tail -n +2 "$FLEET_CSV" | grep -c .)
behind=$(grep -c -- '->' "$REPORT" || true)
say "$behind of $total units are behind the vendor index"
say "report written to $REPORT"
