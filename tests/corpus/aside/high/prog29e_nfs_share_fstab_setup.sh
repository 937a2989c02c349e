#!/usr/bin/env bash
# Add a persistent NFS mount for a share on the file server: creates the
# mount point, appends an entry to /etc/fstab (with a backup), mounts it and
# verifies access. Idempotent: an existing identical entry is left alone.
#
#   nfs_share_fstab_setup.sh -s server -e /export/path -m /mnt/point [-o opts] [-r]

set -euo pipefail

SERVER=""
EXPORT=""
MNT=""
OPTS="rw,vers=4.2,_netdev,noatime,x-systemd.automount,x-systemd.idle-timeout=600"
REMOVE=0
FSTAB=/etc/fstab

info() { echo "[nfs-setup] $*"; }
die()  { echo "[nfs-setup] error: $*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: ${0##*/} -s SERVER -e EXPORT -m MOUNTPOINT [-o OPTIONS] [-r]
  -r   remove the entry and unmount instead of adding it
EOF
}

while getopts 's:e:m:o:rh' o; do
    case $o in
        s) SERVER=$OPTARG ;;
        e) EXPORT=$OPTARG ;;
        m) MNT=$OPTARG ;;
        o) OPTS=$OPTARG ;;
        r) REMOVE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done
[[ -n $SERVER && -n $EXPORT && -n $MNT ]] || { usage >&2; exit 2; }
[[ $MNT == /* ]] || die "mount point must be absolute"

require() { command -v "$1" >/dev/null || die "$1 not found (install ${2:-$1})"; }
require mount.nfs4 nfs-common
require findmnt util-linux

sudo -v || die "this script needs sudo"

backup_fstab() {
    local bak
    bak="$FSTAB.$(date +%Y%m%d-%H%M%S)"
    sudo cp -a "$FSTAB" "$bak"
    info "backed up $FSTAB -> $bak"
}

entry_line() {
    printf '%s:%s\t%s\tnfs4\t%s\t0 0\n' "$SERVER" "$EXPORT" "$MNT" "$OPTS"
}

check_export() {
    if command -v showmount >/dev/null; then
        if ! showmount -e "$SERVER" 2>/dev/null | awk 'NR>1 {print $1}' | grep -qxF "$EXPORT"; then
            info "warning: $EXPORT not listed by showmount on $SERVER (NFSv4-only servers may hide it)"
        fi
    fi
    ping -c1 -W2 "$SERVER" >/dev/null 2>&1 || die "$SERVER is not reachable"
}

add_entry() {
    if findmnt --fstab -n "$MNT" >/dev/null 2>&1; then
        local existing
        existing=$(findmnt --fstab -n -o SOURCE "$MNT")
        if [[ $existing == "$SERVER:$EXPORT" ]]; then
            info "$MNT already in $FSTAB for $existing; not adding again"
            return 0
        fi
        die "$MNT already used in $FSTAB by $existing"
    fi
    backup_fstab
    entry_line | sudo tee -a "$FSTAB" >/dev/null
    info "added: $(entry_line)"
    sudo findmnt --verify --tab-file "$FSTAB" >/dev/null || die "findmnt --verify reports problems in $FSTAB"
    sudo systemctl daemon-reload
}

remove_entry() {
    if mountpoint -q "$MNT"; then
        sudo umount "$MNT" || sudo umount -l "$MNT"
        info "unmounted $MNT"
    fi
    backup_fstab
    local esc=${MNT//\//\\/}
    sudo sed -i "/^[^#][^[:space:]]*[[:space:]]\+${esc}[[:space:]]/d" "$FSTAB"
    sudo systemctl daemon-reload
    info "removed $MNT from $FSTAB"
}

mount_and_verify() {
    sudo install -d -m 0755 "$MNT"
    if ! mountpoint -q "$MNT"; then
        sudo mount "$MNT"
    fi
    mountpoint -q "$MNT" || die "mount of $MNT failed"
    local probe="$MNT/.nfs-setup-probe.$$"
    if touch "$probe" 2>/dev/null; then
        rm -f "$probe"
        info "$MNT mounted and writable"
    else
        info "$MNT mounted (not writable for $USER - check export/uid mapping)"
    fi
    df -hT "$MNT" | tail -n 1
}

if [[ $REMOVE -eq 1 ]]; then
    remove_entry
else
    check_export
    add_entry
    mount_and_verify
fi
