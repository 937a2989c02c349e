#!/usr/bin/env bash
# cups_queue_reset.sh - clear plot jobs that have been stuck in the
# plotter queue for too long and restart the CUPS service so the plotter
# room can print again. Meant for the room admin (run as root).
set -uo pipefail

QUEUE="${PLOT_QUEUE:-DesignJet_T1700}"
MAX_AGE_MIN=45
RESTART=1
REPORT_DIR="./queue_reports"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    cat <<EOF
usage: $0 [-q queue] [-a max_age_minutes] [-R]
  -q  CUPS queue name (default $QUEUE)
  -a  cancel jobs older than this many minutes (default $MAX_AGE_MIN)
  -R  do not restart cups
EOF
}

while getopts ":q:a:Rh" o; do
    case "$o" in
        q) QUEUE="$OPTARG" ;;
        a) MAX_AGE_MIN="$OPTARG" ;;
        R) RESTART=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    log "this must run as root (service restart)"
    exit 1
fi
mkdir -p "$REPORT_DIR"

LISTING="$(LC_ALL=C lpstat -o "$QUEUE" 2>/dev/null || true)"
if [[ -z "$LISTING" ]]; then
    log "queue $QUEUE is empty"
else
    # python parses lpstat's dates; listing and limit handed over via env
    STALE="$(LISTING="$LISTING" MAX_AGE_MIN="$MAX_AGE_MIN" python3 - <<'PY'
import os, re
from datetime import datetime, timedelta
limit = datetime.now() - timedelta(minutes=int(os.environ["MAX_AGE_MIN"]))
pat = re.compile(r"^(\S+)\s+(\S+)\s+(\d+)\s+(.+)$")
for line in os.environ["LISTING"].splitlines():
    m = pat.match(line.strip())
    if not m:
        continue
    job, user, size, when = m.groups()
    try:
        ts = datetime.strptime(when.strip(), "%a %d %b %Y %I:%M:%S %p %Z")
    except ValueError:
        try:
            ts = datetime.strptime(when.strip()[:24], "%a %b %d %H:%M:%S %Y")
        except ValueError:
            continue
    if ts < limit:
        print(f"{job}\t{user}\t{size}")
PY
)"
    if [[ -n "$STALE" ]]; then
        report="$REPORT_DIR/cancelled_$(date +%Y%m%d_%H%M).tsv"
        printf '%s\n' "$STALE" > "$report"
        while IFS=$'\t' read -r job user size; do
            if cancel "$job" 2>/dev/null; then
                log "cancelled $job ($user, $size bytes)"
            else
                log "could not cancel $job"
            fi
        done <<< "$STALE"
        log "report written to $report"
    else
        log "no job older than $MAX_AGE_MIN minutes"
    fi
fi

if [[ $RESTART -eq 1 ]]; then
    log "restarting cups"
    if systemctl restart cups; then
        sleep 2
        systemctl is-active --quiet cups && log "cups is active" || log "cups did not come back"
    else
        log "systemctl restart cups failed"
        exit 1
    fi
    cupsenable "$QUEUE" 2>/dev/null && log "queue $QUEUE enabled"
fi
