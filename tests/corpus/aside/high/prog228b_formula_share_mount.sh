#!/usr/bin/env bash
# formula_share_mount.sh - attach (or detach) the read-only formulation share
# exported by the central NAS, so the compounding-room scales can read the
# approved formula sheets.
set -euo pipefail

NAS_PARTS=(192 0 2 30)
EXPORT="/export/formulas/approved"
MOUNT_POINT="${MOUNT_POINT:-/mnt/formulas}"
NFS_OPTS="ro,vers=4.1,hard,timeo=600,noexec,nosuid,nodev"
ACTION="attach"
TIMEOUT=15

log() { echo "[share] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [attach|detach|status] [-m mount_point] [-t timeout]
EOF
}

nas_host() { local IFS=.; echo "${NAS_PARTS[*]}"; }
source_spec() { printf '%s:%s' "$(nas_host)" "$EXPORT"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

is_mounted() {
    findmnt -rn -T "$MOUNT_POINT" -o SOURCE 2>/dev/null | grep -qF "$(source_spec)"
}

reachable() {
    if command -v rpcinfo >/dev/null 2>&1; then
        timeout "$TIMEOUT" rpcinfo -T tcp "$(nas_host)" nfs 4 >/dev/null 2>&1
    else
        timeout "$TIMEOUT" ping -c 1 -W 2 "$(nas_host)" >/dev/null 2>&1
    fi
}

attach() {
    if is_mounted; then
        log "already mounted at $MOUNT_POINT"
        return 0
    fi
    reachable || { log "NAS $(nas_host) not reachable on 2049"; return 1; }
    [ -d "$MOUNT_POINT" ] || elevate mkdir -p "$MOUNT_POINT"
    log "mounting $(source_spec) on $MOUNT_POINT"
    elevate mount -t nfs4 -o "$NFS_OPTS" "$(source_spec)" "$MOUNT_POINT"
    log "mounted; $(find "$MOUNT_POINT" -maxdepth 1 -name '*.pdf' | wc -l) formula sheets visible"
}

detach() {
    if ! is_mounted; then
        log "not mounted"
        return 0
    fi
    log "unmounting $MOUNT_POINT"
    elevate umount "$MOUNT_POINT" || elevate umount -l "$MOUNT_POINT"
}

status() {
    if is_mounted; then
        findmnt -T "$MOUNT_POINT"
    else
        echo "not mounted"
    fi
}

if [ $# -gt 0 ] && [[ "$1" != -* ]]; then
    ACTION="$1"; shift
fi
while getopts ":m:t:h" o; do
    case "$o" in
        m) MOUNT_POINT="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$ACTION" in
    attach) attach ;;
    detach) detach ;;
    status) status ;;
    *) usage; exit 2 ;;
esac
