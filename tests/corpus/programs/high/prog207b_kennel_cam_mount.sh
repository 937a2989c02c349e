#!/usr/bin/env bash
# Mount the kennel camera archive from the rescue NAS on the review PC.
# Usage: prog207b_kennel_cam_mount.sh [mount|umount|persist|status] [-r]
set -euo pipefail

NAS="${KENNEL_NAS:-192.0.2.15}"
EXPORT="${KENNEL_EXPORT:-/export/kennel-cams}"
TARGET="${KENNEL_MOUNT:-/mnt/kennel-cams}"
FSTYPE="nfs"
OPTS="rw,noatime,soft,timeo=50,_netdev"
READONLY=0

declare -a ELEVATE=()
if [[ $EUID -ne 0 ]]; then
    ELEVATE=(sudo)
fi

info() { printf '[kennel-cam] %s\n' "$*"; }
as_root() { "${ELEVATE[@]}" "$@"; }

source_spec() { printf '%s:%s' "$NAS" "$EXPORT"; }

effective_opts() {
    if (( READONLY )); then
        printf '%s' "${OPTS/rw,/ro,}"
    else
        printf '%s' "$OPTS"
    fi
}

is_mounted() { findmnt -rn "$TARGET" >/dev/null 2>&1; }

do_mount() {
    if is_mounted; then
        info "already mounted at $TARGET"
        return 0
    fi
    as_root mkdir -p "$TARGET"
    if ! as_root mount -t "$FSTYPE" -o "$(effective_opts)" "$(source_spec)" "$TARGET"; then
        info "mount failed; is $NAS reachable and exporting $EXPORT?"
        return 1
    fi
    info "mounted $(source_spec) on $TARGET"
}

do_umount() {
    is_mounted || { info "not mounted"; return 0; }
    as_root umount "$TARGET" && info "unmounted $TARGET"
}

do_persist() {
    local line
    line="$(source_spec) $TARGET $FSTYPE $(effective_opts) 0 0"
    if grep -qsF "$(source_spec) $TARGET" /etc/fstab; then
        info "fstab already has an entry"
        return 0
    fi
    as_root cp /etc/fstab "/etc/fstab.kennel.$(date +%s).bak"
    printf '%s\n' "$line" | as_root tee -a /etc/fstab >/dev/null
    info "added to /etc/fstab: $line"
}

do_status() {
    if is_mounted; then
        findmnt "$TARGET"
        df -h "$TARGET" | tail -n1
    else
        info "$TARGET is not mounted"
    fi
}

ACTION="${1:-mount}"
shift || true
while getopts ':r' opt; do
    case "$opt" in
        r) READONLY=1 ;;
        *) info "unknown option"; exit 2 ;;
    esac
done

declare -A ACTIONS=([mount]=do_mount [umount]=do_umount [persist]=do_persist [status]=do_status)
handler="${ACTIONS[$ACTION]:-}"
if [[ -z "$handler" ]]; then
    info "usage: $0 [mount|umount|persist|status] [-r]"
    exit 2
fi
"$handler"
