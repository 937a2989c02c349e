#!/usr/bin/env bash
# tune_inotify_watchers.sh -- the recordings ingest watcher runs out of inotify
# watches on big hearing archives. Size the limit from the archive tree and
# raise the kernel setting for this boot.
set -euo pipefail

ARCHIVE_ROOT="${ARCHIVE_ROOT:-$HOME/archive}"
HEADROOM="${HEADROOM:-2}"
FLOOR=65536
CEILING=1048576
DRY_RUN=0

log() { echo "[inotify-tune] $*" >&2; }

usage() {
    echo "usage: $0 [-r archive-root] [-x headroom-factor] [-n]" >&2
}

while getopts ":r:x:nh" opt; do
    case "$opt" in
        r) ARCHIVE_ROOT="$OPTARG" ;;
        x) HEADROOM="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$ARCHIVE_ROOT" ]] || { log "no archive at $ARCHIVE_ROOT"; exit 1; }
[[ "$HEADROOM" =~ ^[0-9]+$ ]] || { log "headroom must be an integer"; exit 2; }

# count directories in the archive (each needs one watch)
DIR_COUNT="$(find "$ARCHIVE_ROOT" -type d 2>/dev/null | wc -l)"
CURRENT="$(sysctl -n fs.inotify.max_user_watches)"
log "archive has $DIR_COUNT directories, current limit $CURRENT"

# compute the target in python, values passed through the environment
TARGET="$(DIRS="$DIR_COUNT" FACTOR="$HEADROOM" FLOOR="$FLOOR" CEIL="$CEILING" python3 -c '
import os
dirs = int(os.environ["DIRS"])
want = dirs * int(os.environ["FACTOR"])
want = max(want, int(os.environ["FLOOR"]))
want = min(want, int(os.environ["CEIL"]))
# round up to the next multiple of 8192
print(((want + 8191) // 8192) * 8192)
')"

if (( TARGET <= CURRENT )); then
    log "current limit $CURRENT is enough (target $TARGET)"
    exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
    log "would run: sysctl -w fs.inotify.max_user_watches=$TARGET"
    exit 0
fi

run_privileged() {
    if [[ $(id -u) -ne 0 ]]; then
        log "must run as root to change kernel settings"
        return 1
    fi
    "$@"
}

if run_privileged sysctl -w "fs.inotify.max_user_watches=$TARGET" >/dev/null; then
    log "raised fs.inotify.max_user_watches $CURRENT -> $TARGET (until reboot)"
else
    log "failed to raise limit"
    exit 1
fi

INSTANCES="$(sysctl -n fs.inotify.max_user_instances)"
if (( INSTANCES < 256 )); then
    run_privileged sysctl -w fs.inotify.max_user_instances=256 >/dev/null \
        && log "raised max_user_instances $INSTANCES -> 256"
fi

{
    echo "date=$(date -u +%FT%TZ)"
    echo "dirs=$DIR_COUNT"
    echo "max_user_watches=$TARGET"
} > ./inotify_tuning.log
