#!/usr/bin/env bash
# Pulls the O2/He analysis records off the gas analyser's USB storage so
# they can be attached to the fill log.  Needs the analyser plugged in.
set -euo pipefail

LABEL="${ANALYSER_LABEL:-GASLOG}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/gas-analyser}"
DEST="${DEST:-$PWD/analyser-records}"
ELEVATE="${ELEVATE:-sudo}"

info() { printf '[analyser] %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        "$ELEVATE" "$@"
    fi
}

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [ -z "$dev" ]; then
        dev="$(lsblk -ln -o NAME,LABEL | awk -v l="$LABEL" '$2==l{print "/dev/"$1; exit}')"
    fi
    printf '%s' "$dev"
}

attach() {
    local dev="$1"
    as_root mkdir -p "$MOUNT_POINT"
    local opts=(-o "ro,uid=$(id -u),gid=$(id -g)")
    as_root mount "${opts[@]}" "$dev" "$MOUNT_POINT"
    info "mounted $dev read-only on $MOUNT_POINT"
}

detach() {
    if mountpoint -q "$MOUNT_POINT"; then
        as_root umount "$MOUNT_POINT"
        info "unmounted $MOUNT_POINT"
    fi
}

copy_records() {
    mkdir -p "$DEST"
    local count=0 f base
    while IFS= read -r -d '' f; do
        base="$(basename "$f")"
        if [ ! -e "$DEST/$base" ]; then
            cp -p "$f" "$DEST/$base"
            count=$((count + 1))
        fi
    done < <(find "$MOUNT_POINT" -maxdepth 2 -type f \( -iname '*.csv' -o -iname '*.log' \) -print0)
    info "copied $count new records into $DEST"
}

summary() {
    local latest
    latest="$(ls -1t "$DEST" 2>/dev/null | head -n 1 || true)"
    [ -n "$latest" ] || return 0
    info "latest record: $latest"
    head -n 5 "$DEST/$latest" | sed 's/^/    /'
}

main() {
    local dev
    dev="$(find_device)"
    if [ -z "$dev" ]; then
        info "no device labelled $LABEL found"
        exit 1
    fi
    trap detach EXIT
    attach "$dev"
    copy_records
    summary
}

main "$@"
