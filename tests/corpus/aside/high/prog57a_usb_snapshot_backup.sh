#!/usr/bin/env bash
# One-off backup of my work folders to the USB disk labelled BACKUP.
# Mounts the disk, rsyncs into a dated snapshot (hard-linking unchanged files
# against the previous snapshot), prunes old snapshots and unmounts again.
set -euo pipefail

LABEL="${BACKUP_LABEL:-BACKUP}"
MNT="/mnt/usb-backup"
KEEP=8
SOURCES=("$HOME/Documents" "$HOME/Projects" "$HOME/Pictures/Scans")
EXCLUDES=(node_modules .venv __pycache__ .cache target '*.iso')

log() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }

cleanup() {
    if mountpoint -q "$MNT"; then
        log "unmounting $MNT"
        sync
        sudo umount "$MNT" || log "warning: umount failed, disk still busy?"
    fi
}
trap cleanup EXIT

dev=$(blkid -L "$LABEL" || true)
if [[ -z "$dev" ]]; then
    echo "no filesystem labelled '$LABEL' found - is the disk plugged in?" >&2
    exit 1
fi

if ! mountpoint -q "$MNT"; then
    sudo mkdir -p "$MNT"
    log "mounting $dev on $MNT"
    sudo mount -o noatime,uid="$(id -u)",gid="$(id -g)" "$dev" "$MNT" \
        || sudo mount -o noatime "$dev" "$MNT"
fi

root="$MNT/$(hostname -s)"
mkdir -p "$root"
stamp=$(date +%Y-%m-%d_%H%M)
target="$root/$stamp"
latest=$(find "$root" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort | tail -n1)

rsync_opts=(-a --human-readable --info=stats1 --delete)
for pat in "${EXCLUDES[@]}"; do rsync_opts+=(--exclude "$pat"); done
[[ -n "$latest" ]] && rsync_opts+=(--link-dest "$latest")

for src in "${SOURCES[@]}"; do
    if [[ ! -d "$src" ]]; then
        log "skipping missing $src"
        continue
    fi
    rel=${src#"$HOME"/}
    mkdir -p "$target/$rel"
    log "copying $rel"
    rsync "${rsync_opts[@]}" "$src/" "$target/$rel/"
done

# prune: keep only the newest $KEEP snapshots
mapfile -t snaps < <(find "$root" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort)
excess=$(( ${#snaps[@]} - KEEP ))
for (( i = 0; i < excess; i++ )); do
    log "pruning old snapshot ${snaps[i]##*/}"
    rm -rf -- "${snaps[i]}"
done

df -h "$MNT" | tail -n1 | awk '{print "disk usage: " $3 " used, " $4 " free"}'
log "snapshot $stamp complete"
