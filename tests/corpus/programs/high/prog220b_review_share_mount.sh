#!/usr/bin/env bash
# review_share_mount.sh - mount (or unmount) the matter evidence share from
# the firm's file server on a review workstation so reviewers can open
# natives that the review platform cannot render.
#
# Usage: review_share_mount.sh -m MATTER [-u] [-r]
#   -m MATTER   matter number, e.g. 2024-0417
#   -u          unmount instead of mount
#   -r          mount read-write (default is read-only)

set -euo pipefail

PROG="$(basename "$0")"
SERVER="${EVIDENCE_SERVER:-evidence01.example.com}"
SHARE_BASE="matters"
MOUNT_BASE="${MOUNT_BASE:-/mnt/evidence}"
MATTER=""
UNMOUNT=0
RW=0

log() { printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }

while getopts ":m:urh" opt; do
    case "$opt" in
        m) MATTER="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        r) RW=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -n "$MATTER" ]] || { usage; die "matter is required"; }
[[ "$MATTER" =~ ^[0-9]{4}-[0-9]{4}$ ]] || die "bad matter number: $MATTER"

TARGET="${MOUNT_BASE}/${MATTER}"
SOURCE="//${SERVER}/${SHARE_BASE}/${MATTER}"

check_kerberos() {
    if ! klist -s 2>/dev/null; then
        die "no Kerberos ticket; run kinit first"
    fi
    log "Kerberos ticket present for $(klist 2>/dev/null | awk '/Default principal/ {print $3}')"
}

is_mounted() {
    mountpoint -q "$TARGET" 2>/dev/null
}

do_mount() {
    if is_mounted; then
        log "$TARGET already mounted"
        return 0
    fi
    check_kerberos
    local mode="ro"
    [[ $RW -eq 1 ]] && mode="rw"
    log "creating mount point $TARGET"
    sudo mkdir -p "$TARGET"
    log "mounting $SOURCE on $TARGET ($mode)"
    sudo mount -t cifs "$SOURCE" "$TARGET" \
        -o "sec=krb5,cruid=$(id -u),uid=$(id -u),gid=$(id -g),${mode},vers=3.0,file_mode=0640,dir_mode=0750"
    log "mounted; $(find "$TARGET" -maxdepth 1 | wc -l) top-level entries visible"
}

do_unmount() {
    if ! is_mounted; then
        log "$TARGET is not mounted"
        return 0
    fi
    log "unmounting $TARGET"
    sudo umount "$TARGET" || die "umount failed; close open files and retry"
    sudo rmdir "$TARGET" 2>/dev/null || true
}

main() {
    if [[ $UNMOUNT -eq 1 ]]; then
        do_unmount
    else
        do_mount
    fi
}

main
