#!/usr/bin/env bash
# Attach the NFS home and course shares on a freshly imaged hub worker.
#
# Reads shares.list (one "server:/export  mountpoint  options" per line),
# mounts anything not already mounted and records it in fstab so the worker
# comes back the same way after the nightly reboot.
#
# usage: mount_home_shares.sh [shares.list]
set -euo pipefail

SHARES="${1:-./shares.list}"
FSTAB=/etc/fstab
DEFAULT_OPTS="rw,hard,vers=4.2,noatime,_netdev,x-systemd.automount"
TAG="# hub-worker share"

log() { logger -t mount-home-shares -- "$*" 2>/dev/null || true; echo "[mount-home-shares] $*"; }

if [ "$EUID" -ne 0 ]; then
    log "re-running with sudo"
    exec sudo -E -- "$0" "$@"
fi

[ -r "$SHARES" ] || { log "cannot read $SHARES"; exit 2; }

ensure_client() {
    if ! command -v mount.nfs4 >/dev/null 2>&1; then
        log "installing nfs client"
        if command -v apt-get >/dev/null; then
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q nfs-common
        elif command -v dnf >/dev/null; then
            dnf install -y -q nfs-utils
        fi
    fi
    modprobe nfs 2>/dev/null || true
}

in_fstab() {
    awk -v mp="$1" '$1 !~ /^#/ && $2 == mp {found=1} END {exit !found}' "$FSTAB"
}

add_fstab() {
    local src="$1" mp="$2" opts="$3"
    if in_fstab "$mp"; then
        log "fstab already has $mp"
        return
    fi
    cp -p "$FSTAB" "$FSTAB.bak.$(date +%s)"
    printf '%s\n%s\t%s\tnfs4\t%s\t0 0\n' "$TAG" "$src" "$mp" "$opts" >>"$FSTAB"
    log "added $mp to $FSTAB"
}

attach() {
    local src="$1" mp="$2" opts="${3:-$DEFAULT_OPTS}" tries=0
    mkdir -p "$mp"
    if mountpoint -q "$mp"; then
        log "$mp already mounted"
    else
        until mount -t nfs4 -o "${opts//,x-systemd.automount/}" "$src" "$mp"; do
            tries=$((tries + 1))
            if [ "$tries" -ge 3 ]; then
                log "giving up on $src"
                return 1
            fi
            log "mount $src failed, retrying in $((tries * 5))s"
            sleep $((tries * 5))
        done
        log "mounted $src on $mp"
    fi
    add_fstab "$src" "$mp" "$opts"
}

ensure_client
rc=0
while read -r src mp opts; do
    case "$src" in ''|\#*) continue ;; esac
    attach "$src" "$mp" "$opts" || rc=1
done <"$SHARES"

if command -v systemctl >/dev/null; then
    systemctl daemon-reload
    systemctl restart remote-fs.target || true
fi
exit "$rc"
