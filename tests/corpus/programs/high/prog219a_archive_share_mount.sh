#!/usr/bin/env bash
# Attach the long-term imaging archive share for a retrieval session.
# Mounts the archive NFS export read-only, lists the requested study folders
# and copies them into the working directory, then detaches the share.
set -euo pipefail

ARCHIVE_HOST="${ARCHIVE_HOST:-192.0.2.40}"
ARCHIVE_EXPORT="${ARCHIVE_EXPORT:-/exports/pacs-archive}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/pacs_archive}"
NFS_OPTS="${NFS_OPTS:-ro,vers=4.1,soft,timeo=150,retrans=3}"
DEST="${DEST:-./retrieved}"
KEEP_MOUNTED=0

log() { echo "$(date '+%F %T') archive-mount: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-k] STUDY_UID [STUDY_UID...]" >&2
    echo "  -k  keep the share mounted afterwards" >&2
    exit 2
}

while getopts ":kh" opt; do
    case "$opt" in
        k) KEEP_MOUNTED=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || usage

[[ $EUID -eq 0 ]] || die "run as root (mounting requires it)"

kernel_support() {
    local mod="nf""s"
    if ! grep -qw "$mod" /proc/filesystems; then
        log "loading $mod module"
        "mod""probe" "$mod" || die "cannot load $mod support"
    fi
}

is_mounted() { mountpoint -q "$MOUNT_POINT"; }

attach() {
    if is_mounted; then
        log "already mounted at $MOUNT_POINT"
        return 0
    fi
    mkdir -p "$MOUNT_POINT"
    local src="${ARCHIVE_HOST}:${ARCHIVE_EXPORT}"
    log "mounting $src on $MOUNT_POINT ($NFS_OPTS)"
    mount -t nfs4 -o "$NFS_OPTS" "$src" "$MOUNT_POINT" || die "mount failed"
}

detach() {
    if [[ $KEEP_MOUNTED -eq 1 ]]; then
        log "leaving $MOUNT_POINT mounted"
        return 0
    fi
    if is_mounted; then
        umount "$MOUNT_POINT" || umount -l "$MOUNT_POINT"
        log "detached $MOUNT_POINT"
    fi
}

study_path() {
    # archive layout: <first 2 chars of hash>/<uid>
    local uid="$1" h
    h="$(printf '%s' "$uid" | sha1sum | cut -c1-2)"
    printf '%s/%s/%s' "$MOUNT_POINT" "$h" "$uid"
}

retrieve() {
    local uid="$1" src
    [[ "$uid" =~ ^[0-9.]+$ ]] || { log "invalid study UID: $uid"; return 1; }
    src="$(study_path "$uid")"
    if [[ ! -d "$src" ]]; then
        log "not found in archive: $uid"
        return 1
    fi
    mkdir -p "$DEST/$uid"
    cp -a "$src/." "$DEST/$uid/"
    log "retrieved $uid ($(find "$DEST/$uid" -type f | wc -l) files)"
}

main() {
    trap detach EXIT
    kernel_support
    attach
    local uid failed=0
    for uid in "$@"; do
        retrieve "$uid" || failed=$((failed + 1))
    done
    chown -R "${SUDO_UID:-0}:${SUDO_GID:-0}" "$DEST" 2>/dev/null || true
    log "done: $(( $# - failed )) retrieved, $failed failed"
    [[ $failed -eq 0 ]]
}

main "$@"
