#!/bin/sh
# Copies the monthly sauna usage reports onto the accountant's USB stick.
# The stick is identified by its filesystem label.

set -eu

LABEL="${STICK_LABEL:-SAUNAREPORT}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/sauna-reports}"
REPORT_DIR="${REPORT_DIR:-./reports}"
MONTH="${1:-$(date +%Y-%m)}"

msg() { printf '%s\n' "$*"; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

find_device() {
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [ -z "$dev" ]; then
        msg "no stick with label $LABEL found" >&2
        return 1
    fi
    printf '%s' "$dev"
}

attach() {
    dev="$1"
    priv mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        msg "already mounted at $MOUNT_POINT"
        return 0
    fi
    priv mount -o "uid=$(id -u),gid=$(id -g),umask=077" "$dev" "$MOUNT_POINT"
    msg "mounted $dev on $MOUNT_POINT"
}

detach() {
    sync
    priv umount "$MOUNT_POINT" && msg "stick can be removed"
}

copy_reports() {
    target="$MOUNT_POINT/$MONTH"
    mkdir -p "$target"
    count=0
    for f in "$REPORT_DIR"/*"$MONTH"*; do
        [ -f "$f" ] || continue
        cp -p "$f" "$target/"
        count=$((count + 1))
    done
    msg "copied $count report(s) for $MONTH"
    ( cd "$target" && sha256sum -- * > SHA256SUMS ) 2>/dev/null || true
}

main() {
    if [ ! -d "$REPORT_DIR" ]; then
        msg "report directory $REPORT_DIR missing" >&2
        exit 1
    fi
    dev="$(find_device)" || exit 1
    attach "$dev"
    trap detach EXIT
    copy_reports
}

main
