#!/usr/bin/env bash
# Weekly personal backup to the labelled USB disk "KEEPSAFE".
# Mounts the disk, rsyncs a list of folders into a dated snapshot using
# hard links against the previous snapshot, keeps the last N snapshots,
# then unmounts so the disk can be unplugged.
set -euo pipefail

LABEL="${BACKUP_LABEL:-KEEPSAFE}"
MOUNTPOINT="/mnt/keepsafe"
KEEP=8
SOURCES=("$HOME/Documents" "$HOME/Notes" "$HOME/Pictures" "$HOME/.config/joplin")
EXCLUDES=(".cache" "node_modules" "*.tmp" ".Trash-*")
LOG="$HOME/.local/state/keepsafe.log"

mkdir -p "$(dirname "$LOG")"
exec > >(tee -a "$LOG") 2>&1

say() { printf '%(%F %T)T %s\n' -1 "$*"; }

cleanup() {
    if mountpoint -q "$MOUNTPOINT"; then
        sync
        sudo umount "$MOUNTPOINT" && say "unmounted $MOUNTPOINT"
    fi
}
trap cleanup EXIT

device="/dev/disk/by-label/$LABEL"
if [ ! -e "$device" ]; then
    say "backup disk $LABEL not plugged in"; exit 1
fi

if ! mountpoint -q "$MOUNTPOINT"; then
    sudo mkdir -p "$MOUNTPOINT"
    sudo mount -o noatime,uid="$(id -u)",gid="$(id -g)" "$device" "$MOUNTPOINT" 2>/dev/null \
        || sudo mount -o noatime "$device" "$MOUNTPOINT"
    say "mounted $device on $MOUNTPOINT"
fi

root="$MOUNTPOINT/snapshots/$(hostname -s)"
mkdir -p "$root"
stamp=$(date +%Y-%m-%d_%H%M)
latest=$(find "$root" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort | tail -n 1 || true)

exclude_args=()
for e in "${EXCLUDES[@]}"; do exclude_args+=(--exclude "$e"); done
link_args=()
[ -n "$latest" ] && link_args=(--link-dest "$latest")

for src in "${SOURCES[@]}"; do
    [ -d "$src" ] || { say "skip missing $src"; continue; }
    say "backing up $src"
    rsync -a --human-readable --info=stats1 "${exclude_args[@]}" "${link_args[@]}" \
        "$src" "$root/$stamp.partial/"
done
mv "$root/$stamp.partial" "$root/$stamp"
say "snapshot $stamp complete"

# prune old snapshots on the backup disk only
mapfile -t snaps < <(find "$root" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort)
excess=$(( ${#snaps[@]} - KEEP ))
for ((i = 0; i < excess; i++)); do
    say "pruning ${snaps[$i]}"
    rm -rf -- "${snaps[$i]}"
done
df -h "$MOUNTPOINT" | tail -n 1
