#!/usr/bin/env bash
# core_banking_status_check.sh - is it us or is it them?
#
# When tellers report slow postings, the desk first checks the core banking
# provider's public status page.  This script fetches the status summary,
# prints the components that are not operational and appends a line to a
# status history CSV in the working directory.
set -uo pipefail

STATUS_URL="${STATUS_URL:-https://status.example.com/api/v2/summary.json}"
HISTORY_CSV="${HISTORY_CSV:-./status_history.csv}"
CACHE_DIR="./.status_cache"
MAX_TIME=15
KEEP_CACHE=0
WATCH=0
INTERVAL=60

log() { echo "$(date '+%F %T') $*" >&2; }

usage() {
    echo "Usage: $0 [-w] [-i seconds] [-k] [-t max_time]" >&2
    echo "  -w  keep checking every -i seconds" >&2
    echo "  -k  keep the downloaded summaries in $CACHE_DIR" >&2
}

while getopts ":wi:kt:h" opt; do
    case "$opt" in
        w) WATCH=1 ;;
        i) INTERVAL="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        t) MAX_TIME="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$CACHE_DIR"
[[ -f "$HISTORY_CSV" ]] || echo "timestamp,indicator,degraded_components" > "$HISTORY_CSV"

cleanup() {
    if [[ "$KEEP_CACHE" -eq 0 ]]; then
        rm -rf "$CACHE_DIR"
    fi
}
trap cleanup EXIT

check_once() {
    local stamp summary_file result
    stamp="$(date +%Y%m%dT%H%M%S)"
    summary_file="$CACHE_DIR/summary_$stamp.json"

    if ! curl -fsS --max-time "$MAX_TIME" -H 'Accept: application/json' \
            -o "$summary_file" "$STATUS_URL"; then
        log "status page unreachable ($STATUS_URL)"
        echo "$stamp,unreachable," >> "$HISTORY_CSV"
        return 1
    fi

    # The summary goes into Python on stdin; the stamp in the environment.
    result="$(STAMP="$stamp" python3 -c '
import json, os, sys
data = json.load(sys.stdin)
indicator = data.get("status", {}).get("indicator", "unknown")
bad = [c["name"] for c in data.get("components", []) if c.get("status") != "operational"]
for name in bad:
    print("  not operational: " + name, file=sys.stderr)
print("%s,%s,%s" % (os.environ["STAMP"], indicator, ";".join(bad)))
' < "$summary_file")" || { log "could not parse status summary"; return 1; }

    echo "$result" >> "$HISTORY_CSV"
    local indicator
    indicator="$(cut -d, -f2 <<< "$result")"
    case "$indicator" in
        none) log "provider reports all systems operational - look locally" ;;
        minor|major|critical) log "provider reports a $indicator incident" ;;
        *) log "provider status: $indicator" ;;
    esac
}

if [[ "$WATCH" -eq 1 ]]; then
    while true; do
        check_once || true
        sleep "$INTERVAL"
    done
else
    check_once
fi
