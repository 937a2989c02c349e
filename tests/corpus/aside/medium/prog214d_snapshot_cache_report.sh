#!/usr/bin/env bash
# snapshot_cache_report.sh - summarise the collector's last-value snapshot cache
#
# The OPC collector pickles its last-known-value table every minute so it can
# warm-start after a restart. When the overnight operator reports "frozen"
# values, this reads those snapshots and lists tags that have not changed.
set -euo pipefail

CACHE_DIR="${CACHE_DIR:-./collector_cache}"
STALE_MIN="${STALE_MIN:-30}"
OUT_DIR="${OUT_DIR:-./reports}"
PATTERN="snapshot_*.pkl"
MAX_FILES=5

log() { printf '%s cache_report: %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }

usage() {
    echo "usage: $0 [-d cache_dir] [-s stale_minutes] [-n files]" >&2
    exit 2
}

while getopts "d:s:n:h" opt; do
    case "$opt" in
        d) CACHE_DIR="$OPTARG" ;;
        s) STALE_MIN="$OPTARG" ;;
        n) MAX_FILES="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -d "$CACHE_DIR" ]] || { log "no cache directory at ${CACHE_DIR}"; exit 1; }
mkdir -p "$OUT_DIR"

# newest snapshots first, handed to python as a newline separated list
SNAPSHOTS="$(ls -1t "$CACHE_DIR"/$PATTERN 2>/dev/null | head -n "$MAX_FILES" || true)"
if [[ -z "$SNAPSHOTS" ]]; then
    log "no snapshot files matching ${PATTERN}"
    exit 1
fi
log "reading $(wc -l <<< "$SNAPSHOTS") snapshot file(s)"

export SNAPSHOTS STALE_MIN
REPORT="${OUT_DIR}/stale_tags_$(date +%Y%m%d_%H%M).txt"

python3 - > "$REPORT" <<'PY'
import os, pickle, sys, datetime as dt

paths = [p for p in os.environ["SNAPSHOTS"].splitlines() if p]
stale_after = dt.timedelta(minutes=int(os.environ["STALE_MIN"]))
tables = []
for p in paths:
    try:
        with open(p, "rb") as fh:
            snap = pickle.load(fh)      # {"taken": datetime, "values": {tag: (value, ts, quality)}}
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        print(f"# skipped {p}: {exc}", file=sys.stderr)
        continue
    tables.append((p, snap))

if not tables:
    print("no readable snapshots")
    sys.exit(1)

newest_path, newest = tables[0]
taken = newest.get("taken", dt.datetime.now())
values = newest.get("values", {})
print(f"snapshot {os.path.basename(newest_path)} taken {taken} ({len(values)} tags)")
print(f"{'tag':<32} {'value':>12} {'last change':<20} quality")
stale = 0
for tag, (value, ts, quality) in sorted(values.items()):
    frozen = all(t[1].get("values", {}).get(tag, (None,))[0] == value
                 for t in tables[1:])
    if taken - ts > stale_after or (frozen and len(tables) > 1):
        stale += 1
        print(f"{tag:<32} {value!s:>12} {ts:%Y-%m-%d %H:%M:%S}  {quality}")
print(f"# {stale} stale or frozen tags")
PY

log "report written to ${REPORT}"
tail -n 1 "$REPORT" >&2
