#!/usr/bin/env bash
# receipt_printer_reset.sh -- unsticks the receipt/label printers at the
# parts counter.  Looks at the CUPS queues, clears jobs that have been stuck
# too long and restarts the print service when a queue is wedged.
set -euo pipefail

MAX_AGE_MIN=10
PRINTERS="receipt label"
FORCE=0
LOG="printer_reset.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    cat >&2 <<EOF
usage: $0 [-a max_age_minutes] [-p "printer names"] [-f]
  -f  restart the print service even if no job is stuck
EOF
}

while getopts ":a:p:fh" opt; do
    case "$opt" in
        a) MAX_AGE_MIN="$OPTARG" ;;
        p) PRINTERS="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v lpstat >/dev/null || { log "CUPS client tools missing"; exit 1; }

# lpstat output is piped into a small Python parser; the age limit and the
# printer list arrive via the environment.
find_stuck_jobs() {
    lpstat -W not-completed -o 2>/dev/null | \
    MAX_AGE_MIN="$MAX_AGE_MIN" PRINTERS="$PRINTERS" python3 -c '
import os, sys, time
from datetime import datetime
limit = int(os.environ["MAX_AGE_MIN"]) * 60
wanted = set(os.environ["PRINTERS"].split())
now = time.time()
for line in sys.stdin:
    parts = line.split()
    if len(parts) < 4:
        continue
    job = parts[0]
    queue = job.rsplit("-", 1)[0]
    if wanted and queue not in wanted:
        continue
    stamp = " ".join(parts[3:8])
    for fmt in ("%a %d %b %Y %I:%M:%S %p", "%a %b %d %H:%M:%S %Y"):
        try:
            ts = datetime.strptime(stamp, fmt).timestamp()
            break
        except ValueError:
            ts = None
    if ts is not None and now - ts > limit:
        print(job)
'
}

queue_state() {
    lpstat -p "$1" 2>/dev/null | head -n1 || true
}

mapfile -t STUCK < <(find_stuck_jobs || true)
log "stuck jobs: ${#STUCK[@]}"

if [[ ${#STUCK[@]} -gt 0 ]]; then
    for job in "${STUCK[@]}"; do
        log "cancelling $job"
        sudo cancel "$job" || log "could not cancel $job"
    done
fi

NEED_RESTART=$FORCE
for p in $PRINTERS; do
    state="$(queue_state "$p")"
    log "$p: ${state:-unknown}"
    if [[ "$state" == *disabled* ]]; then
        NEED_RESTART=1
        sudo cupsenable "$p" || log "cupsenable $p failed"
    fi
done

if [[ $NEED_RESTART -eq 1 || ${#STUCK[@]} -gt 0 ]]; then
    log "restarting print service"
    if sudo systemctl restart cups; then
        sleep 3
        systemctl is-active --quiet cups && log "cups is running again"
    else
        log "restart failed; call the volunteer IT contact"
        exit 1
    fi
else
    log "printers look healthy, nothing to do"
fi
