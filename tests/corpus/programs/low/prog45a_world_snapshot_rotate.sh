#!/usr/bin/env bash
# Snapshot the Valheim world files that live in this server directory and
# keep only the newest N snapshots. Intended to be run from the server
# directory by the admin (no root needed).
set -euo pipefail

WORLD_DIR="${WORLD_DIR:-./worlds_local}"
SNAP_DIR="${SNAP_DIR:-./snapshots}"
KEEP="${KEEP:-12}"
WORLD_NAME="${WORLD_NAME:-Dedicated}"
LOG_FILE="./snapshot.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-k keep] [-w world] [-n]
  -k N     number of snapshots to keep (default $KEEP)
  -w NAME  world name (default $WORLD_NAME)
  -n       dry run: show what would be pruned
EOF
}

DRY_RUN=0
while getopts ":k:w:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        w) WORLD_NAME="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$KEEP" in
    ''|*[!0-9]*) log ERROR "keep count must be a number: $KEEP"; exit 2 ;;
esac

for ext in db fwl; do
    if [[ ! -f "$WORLD_DIR/$WORLD_NAME.$ext" ]]; then
        log ERROR "missing $WORLD_DIR/$WORLD_NAME.$ext"
        exit 1
    fi
done

mkdir -p "$SNAP_DIR"
stamp="$(date +%Y%m%d-%H%M%S)"
archive="$SNAP_DIR/${WORLD_NAME}-${stamp}.tar.gz"
partial="$archive.part"

trap 'rm -f "$partial"' EXIT
tar -C "$WORLD_DIR" -czf "$partial" "$WORLD_NAME.db" "$WORLD_NAME.fwl"
mv "$partial" "$archive"
chmod 0600 "$archive"
sha256sum "$archive" > "$archive.sha256"
chmod 0600 "$archive.sha256"
log INFO "wrote $archive ($(du -h "$archive" | cut -f1))"

mapfile -t snaps < <(ls -1t "$SNAP_DIR"/"$WORLD_NAME"-*.tar.gz 2>/dev/null || true)
count=${#snaps[@]}
if (( count > KEEP )); then
    for old in "${snaps[@]:KEEP}"; do
        if (( DRY_RUN )); then
            log INFO "would prune $old"
        else
            rm -f -- "$old" "$old.sha256"
            log INFO "pruned $old"
        fi
    done
fi

# clear leftovers from interrupted runs
find "$SNAP_DIR" -maxdepth 1 -name '*.part' -mmin +60 -delete
log INFO "done: $(( count < KEEP ? count : KEEP )) snapshot(s) retained"
