#!/usr/bin/env bash
# scan_stats_cache.sh - keep running per-lift scan counters for the lift
# status board. Each run folds new gate scan lines into a cached state and
# prints the top lifts.
#
#   tail -n 500 gate_scans.log | scan_stats_cache.sh [-t TOP] [-r]

set -euo pipefail

CACHE="/tmp/lift_scan_stats.pkl"
TOP=5
RESET=0

log() { echo "scan-stats: $*" >&2; }

while getopts ":t:r" opt; do
    case "$opt" in
        t) TOP="$OPTARG" ;;
        r) RESET=1 ;;
        *) log "usage: ... | $0 [-t TOP] [-r]"; exit 1 ;;
    esac
done

if (( RESET )) && [[ -f "$CACHE" ]]; then
    rm -f "$CACHE"
    log "cache reset"
fi

if [[ -t 0 ]]; then
    log "expecting gate scan lines on stdin"
    exit 1
fi

# Scan lines look like: 2024-02-11T09:14:03 CHAIR4 N2 04A1B2C3D4 OK
NEW_LINES="$(grep -E ' (OK|DENY)$' || true)"
log "$(printf '%s' "$NEW_LINES" | grep -c . || true) new scan lines"

CACHE="$CACHE" TOP="$TOP" NEW_LINES="$NEW_LINES" python3 - <<'PY'
import os, pickle, sys
from collections import Counter

cache = os.environ["CACHE"]
top = int(os.environ["TOP"])
state = {"ok": Counter(), "deny": Counter(), "seen": 0}

if os.path.exists(cache):
    try:
        with open(cache, "rb") as fh:
            state = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        print(f"cache unreadable ({exc}), starting fresh", file=sys.stderr)

for line in os.environ.get("NEW_LINES", "").splitlines():
    parts = line.split()
    if len(parts) != 5:
        continue
    _, lift, _, _, result = parts
    bucket = "ok" if result == "OK" else "deny"
    state[bucket][lift] += 1
    state["seen"] += 1

with open(cache, "wb") as fh:
    pickle.dump(state, fh)

print(f"{'lift':<12}{'ok':>8}{'deny':>8}")
for lift, n in state["ok"].most_common(top):
    print(f"{lift:<12}{n:>8}{state['deny'][lift]:>8}")
print(f"total scans folded: {state['seen']}")
PY

log "cache at $CACHE updated"
