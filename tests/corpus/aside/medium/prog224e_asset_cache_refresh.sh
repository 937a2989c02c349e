#!/usr/bin/env bash
# asset_cache_refresh.sh - refresh the local workstation asset cache.
#
# The asset dashboard reads a cached inventory of the branch workstations.
# This script pings each workstation in the list, and merges the results
# into the cache (a pickle written by the dashboard's Python code) in the
# working directory.
set -uo pipefail

HOST_LIST="${HOST_LIST:-./branch_hosts.txt}"
CACHE_FILE="${CACHE_FILE:-./asset_cache.pkl}"
PING_COUNT=1
PING_TIMEOUT=2
VERBOSE=0

log() { echo "[asset-cache] $*" >&2; }

usage() {
    echo "Usage: $0 [-f hosts.txt] [-c cache.pkl] [-t seconds] [-v]" >&2
}

while getopts ":f:c:t:vh" opt; do
    case "$opt" in
        f) HOST_LIST="$OPTARG" ;;
        c) CACHE_FILE="$OPTARG" ;;
        t) PING_TIMEOUT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -r "$HOST_LIST" ]]; then
    log "host list $HOST_LIST not readable"
    exit 1
fi

# One line per host: name<TAB>up|down<TAB>epoch
probe_hosts() {
    local host status
    while read -r host; do
        [[ -z "$host" || "$host" == \#* ]] && continue
        if ping -c "$PING_COUNT" -W "$PING_TIMEOUT" "$host" >/dev/null 2>&1; then
            status="up"
        else
            status="down"
        fi
        [[ "$VERBOSE" -eq 1 ]] && log "$host is $status"
        printf '%s\t%s\t%s\n' "$host" "$status" "$(date +%s)"
    done < "$HOST_LIST"
}

# Results arrive on stdin; the cache path arrives in the environment.
merge_cache() {
    ASSET_CACHE="$CACHE_FILE" python3 - "$@" 3<&0 <<'PY'
import os, pickle, sys

path = os.environ["ASSET_CACHE"]
cache = {"hosts": {}, "runs": 0}
if os.path.exists(path):
    try:
        with open(path, "rb") as fh:
            cache = pickle.load(fh)
    except (pickle.UnpicklingError, EOFError) as exc:
        print(f"cache unreadable, starting fresh: {exc}", file=sys.stderr)

with os.fdopen(3) as results:
    for line in results:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 3:
            continue
        name, status, seen = parts
        entry = cache["hosts"].setdefault(name, {"first_seen": int(seen), "down_count": 0})
        entry["status"] = status
        entry["last_checked"] = int(seen)
        if status == "down":
            entry["down_count"] += 1
        else:
            entry["last_up"] = int(seen)

cache["runs"] = cache.get("runs", 0) + 1
with open(path, "wb") as fh:
    pickle.dump(cache, fh)
up = sum(1 for h in cache["hosts"].values() if h["status"] == "up")
print(f"{up}/{len(cache['hosts'])}")
PY
}

summary="$(probe_hosts | merge_cache)" || { log "cache merge failed"; exit 1; }
log "cache $CACHE_FILE updated: $summary hosts up"
