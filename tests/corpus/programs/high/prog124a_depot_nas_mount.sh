#!/usr/bin/env bash
# depot_nas_mount.sh - mount the depot NAS share that holds unit photos,
# signed storage agreements and the nightly GateKeeper exports.
#
#   ./depot_nas_mount.sh [-H nas-host] [-s share] [-m mountpoint] [-u] [--persist]
#
# Credentials come from ~/.config/depot-nas/credentials (username=, password=,
# domain= lines, mode 600). Use -u to unmount.

set -euo pipefail

NAS_HOST="${DEPOT_NAS:-nas01.depot.lan}"
SHARE="storage"
MOUNTPOINT="/mnt/depot-nas"
CRED_FILE="$HOME/.config/depot-nas/credentials"
UNMOUNT=0
PERSIST=0

log() { logger -t depot-nas "$*" 2>/dev/null || true; echo "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -H) NAS_HOST="$2"; shift 2 ;;
        -s) SHARE="$2"; shift 2 ;;
        -m) MOUNTPOINT="$2"; shift 2 ;;
        -u) UNMOUNT=1; shift ;;
        --persist) PERSIST=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

if [[ $UNMOUNT -eq 1 ]]; then
    if mountpoint -q "$MOUNTPOINT"; then
        priv umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    else
        log "$MOUNTPOINT is not mounted"
    fi
    exit 0
fi

[[ -r "$CRED_FILE" ]] || { echo "credentials file $CRED_FILE missing" >&2; exit 1; }
if [[ "$(stat -c %a "$CRED_FILE")" != "600" ]]; then
    chmod 600 "$CRED_FILE"
fi
command -v mount.cifs >/dev/null || { echo "install cifs-utils first" >&2; exit 1; }

if mountpoint -q "$MOUNTPOINT"; then
    log "already mounted at $MOUNTPOINT"
    exit 0
fi

ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1 || log "warning: $NAS_HOST not answering ping, trying anyway"

OPTS="credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),file_mode=0640,dir_mode=0750,vers=3.0,iocharset=utf8"
priv mkdir -p "$MOUNTPOINT"

tries=0
until priv mount -t cifs "//$NAS_HOST/$SHARE" "$MOUNTPOINT" -o "$OPTS"; do
    tries=$((tries + 1))
    if (( tries >= 3 )); then
        log "mount of //$NAS_HOST/$SHARE failed after $tries attempts"
        exit 1
    fi
    sleep 5
done
log "mounted //$NAS_HOST/$SHARE on $MOUNTPOINT"

if [[ $PERSIST -eq 1 ]]; then
    line="//$NAS_HOST/$SHARE $MOUNTPOINT cifs $OPTS,_netdev,nofail 0 0"
    if ! grep -qsF "//$NAS_HOST/$SHARE $MOUNTPOINT" /etc/fstab; then
        echo "$line" | priv tee -a /etc/fstab >/dev/null
        log "added fstab entry"
    fi
fi

df -h "$MOUNTPOINT" | tail -n 1
