#!/usr/bin/env bash
# demo_cache_inspect.sh - inspect the demo parser's cache for the stats desk.
#
# The demo parser stores each parsed match as a pickled dict in
# ./demo_cache/<match_id>.pkl (rounds, kill feed, economy).  This script
# lists the cache, reports stale or broken entries, and prints a round-by-
# round summary for one match.
#
# usage: demo_cache_inspect.sh [-c cache_dir] [-m match_id] [--prune-days N]

set -euo pipefail

CACHE_DIR="./demo_cache"
MATCH_ID=""
PRUNE_DAYS=0

err() { echo "demo-cache: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CACHE_DIR="$2"; shift 2 ;;
        -m) MATCH_ID="$2"; shift 2 ;;
        --prune-days) PRUNE_DAYS="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) err "unknown option $1"; exit 1 ;;
    esac
done

[[ -d "$CACHE_DIR" ]] || { err "no cache at $CACHE_DIR"; exit 2; }

if (( PRUNE_DAYS > 0 )); then
    pruned="$(find "$CACHE_DIR" -maxdepth 1 -name '*.pkl' -mtime +"$PRUNE_DAYS" -print -delete | wc -l)"
    err "pruned $pruned cache entries older than $PRUNE_DAYS days"
fi

count="$(find "$CACHE_DIR" -maxdepth 1 -name '*.pkl' | wc -l)"
err "$count cached matches in $CACHE_DIR"

CACHE_DIR="$CACHE_DIR" MATCH_ID="$MATCH_ID" python3 - <<'PY'
import os
import pickle
import sys

cache = os.environ["CACHE_DIR"]
match_id = os.environ.get("MATCH_ID", "")


def load(path):
    with open(path, "rb") as fh:
        return pickle.load(fh)


def summary_line(mid, data):
    rounds = data.get("rounds", [])
    score = data.get("final_score", "?")
    return f"{mid:<14} {data.get('map', '?'):<12} {len(rounds):>3} rounds  {score}"


if not match_id:
    broken = 0
    for name in sorted(os.listdir(cache)):
        if not name.endswith(".pkl"):
            continue
        mid = name[:-4]
        try:
            print(summary_line(mid, load(os.path.join(cache, name))))
        except Exception as exc:
            broken += 1
            print(f"{mid:<14} BROKEN ({exc.__class__.__name__})")
    if broken:
        print(f"{broken} broken entries - re-run the parser for them", file=sys.stderr)
    sys.exit(0)

path = os.path.join(cache, f"{match_id}.pkl")
if not os.path.exists(path):
    sys.exit(f"match {match_id} not cached")
data = load(path)
print(summary_line(match_id, data))
print("-" * 60)
for i, rnd in enumerate(data.get("rounds", []), 1):
    winner = rnd.get("winner", "?")
    reason = rnd.get("reason", "")
    kills = len(rnd.get("kills", []))
    econ = rnd.get("economy", {})
    print(f"R{i:02d}  {winner:<10} {reason:<18} kills={kills:<2} "
          f"spend A={econ.get('a', 0):>6} B={econ.get('b', 0):>6}")
PY
