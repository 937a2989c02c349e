#!/usr/bin/env bash
# Export a Buildroot/Yocto root filesystem over NFS so a dev board can
# boot with root=/dev/nfs while iterating on userspace, without reflashing.
#
#   nfsroot_export.sh -b <board> -t output/images/rootfs.tar [-n 192.168.77.0/24]
#   nfsroot_export.sh -b <board> --remove
#
# Prints the kernel bootargs to paste into U-Boot afterwards.
set -euo pipefail

BOARD=""
TARBALL=""
NETWORK="192.168.77.0/24"
NFS_BASE="${NFS_BASE:-$PWD/nfsroot}"
EXPORTS_DIR="/etc/exports.d"
REMOVE=0
SERVER_IP=""

msg() { printf '[nfsroot] %s\n' "$*"; }
bail() { printf '[nfsroot] error: %s\n' "$*" >&2; exit 1; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -b) BOARD="$2"; shift 2 ;;
            -t) TARBALL="$2"; shift 2 ;;
            -n) NETWORK="$2"; shift 2 ;;
            -s) SERVER_IP="$2"; shift 2 ;;
            --remove) REMOVE=1; shift ;;
            -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
            *) bail "unknown argument: $1" ;;
        esac
    done
    [[ -n "$BOARD" ]] || bail "-b <board> is required"
    [[ "$BOARD" =~ ^[A-Za-z0-9._-]+$ ]] || bail "board name has odd characters"
}

nfs_service() {
    local svc
    for svc in nfs-server nfs-kernel-server; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1 \
           && systemctl list-unit-files "$svc.service" | grep -q "^$svc"; then
            echo "$svc"; return 0
        fi
    done
    return 1
}

unpack_rootfs() {
    local dest="$NFS_BASE/$BOARD"
    [[ -f "$TARBALL" ]] || bail "rootfs tarball $TARBALL not found"
    if [[ -d "$dest" ]]; then
        msg "replacing existing $dest"
        sudo rm -rf --one-file-system "$dest"
    fi
    mkdir -p "$NFS_BASE"
    sudo mkdir -p "$dest"
    # keep device nodes, ownership and setuid bits from the image
    sudo tar --numeric-owner -xpf "$TARBALL" -C "$dest"
    msg "unpacked $(sudo du -sh "$dest" | cut -f1) into $dest"
}

write_export() {
    local dest="$NFS_BASE/$BOARD"
    local line="$dest $NETWORK(rw,sync,no_root_squash,no_subtree_check)"
    sudo mkdir -p "$EXPORTS_DIR"
    echo "$line" | sudo tee "$EXPORTS_DIR/board-$BOARD.exports" >/dev/null
    msg "export: $line"
}

remove_export() {
    sudo rm -f "$EXPORTS_DIR/board-$BOARD.exports"
    sudo exportfs -ra
    msg "removed export for $BOARD (rootfs left in $NFS_BASE/$BOARD)"
}

reload_nfs() {
    local svc
    svc="$(nfs_service)" || bail "no NFS server unit found (install nfs-kernel-server / nfs-utils)"
    if ! systemctl is-active --quiet "$svc"; then
        sudo systemctl restart "$svc"
    fi
    sudo exportfs -ra
    if command -v firewall-cmd >/dev/null 2>&1 && sudo firewall-cmd --state >/dev/null 2>&1; then
        sudo firewall-cmd --add-service=nfs --add-service=rpc-bind --add-service=mountd >/dev/null
    fi
    sudo exportfs -v | grep -F "$NFS_BASE/$BOARD" || bail "export not active"
}

print_bootargs() {
    local ip="${SERVER_IP:-$(ip -4 route get "${NETWORK%/*}" 2>/dev/null | awk '/src/ {for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}')}"
    cat <<EOF

U-Boot:
  setenv bootargs console=\${console} root=/dev/nfs rw nfsroot=${ip:-<server>}:$NFS_BASE/$BOARD,v3,tcp ip=dhcp
  saveenv
EOF
}

main() {
    parse_args "$@"
    if [[ "$REMOVE" -eq 1 ]]; then
        remove_export
        exit 0
    fi
    [[ -n "$TARBALL" ]] || bail "-t <rootfs tarball> is required"
    unpack_rootfs
    write_export
    reload_nfs
    print_bootargs
}

main "$@"
