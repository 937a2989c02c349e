#!/bin/sh
# Reserve 2 MiB hugepages for libvirt guests and point QEMU at them.
#
#   hugepages_tune.sh [GIB]     reserve GIB gigabytes (default 16)
#   hugepages_tune.sh --status  show current reservation
#
# - writes /etc/sysctl.d/80-libvirt-hugepages.conf and applies it
# - mounts hugetlbfs on /dev/hugepages-libvirt if not mounted
# - sets hugetlbfs_mount in /etc/libvirt/qemu.conf (backup kept)
# - restarts libvirtd so the new mount is picked up
set -eu

SYSCTL_FILE=/etc/sysctl.d/80-libvirt-hugepages.conf
QEMU_CONF=/etc/libvirt/qemu.conf
HP_MOUNT=/dev/hugepages-libvirt
HP_SIZE_KB=2048

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -- "$0" "$@"
fi

info() { printf '[hugepages] %s\n' "$*"; }
die()  { printf '[hugepages] error: %s\n' "$*" >&2; exit 1; }

show_status() {
    grep -E '^(HugePages_(Total|Free|Rsvd)|Hugepagesize)' /proc/meminfo
    if grep -qs " $HP_MOUNT hugetlbfs " /proc/mounts; then
        info "hugetlbfs mounted on $HP_MOUNT"
    else
        info "hugetlbfs not mounted on $HP_MOUNT"
    fi
    grep -n '^hugetlbfs_mount' "$QEMU_CONF" 2>/dev/null || info "qemu.conf: default hugetlbfs_mount"
}

pages_for() {
    # GiB -> number of 2 MiB pages
    echo $(( $1 * 1024 * 1024 / HP_SIZE_KB ))
}

check_memory() {
    want_kb=$(( $1 * 1024 * 1024 ))
    total_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    # keep at least 25% of RAM for the host
    limit_kb=$(( total_kb * 3 / 4 ))
    [ "$want_kb" -le "$limit_kb" ] || die "requested ${1} GiB exceeds 75% of RAM"
}

apply_sysctl() {
    pages=$1
    cat > "$SYSCTL_FILE" <<EOF
# managed by hugepages_tune.sh
vm.nr_hugepages = $pages
vm.hugetlb_shm_group = $(getent group kvm | cut -d: -f3)
EOF
    chmod 0644 "$SYSCTL_FILE"
    sysctl -q -p "$SYSCTL_FILE"
    got=$(awk '/^HugePages_Total:/ {print $2}' /proc/meminfo)
    info "requested $pages pages, kernel allocated $got"
    [ "$got" -ge "$pages" ] || info "warning: memory too fragmented, a reboot may be needed"
}

mount_hugetlbfs() {
    mkdir -p "$HP_MOUNT"
    if ! grep -qs " $HP_MOUNT hugetlbfs " /proc/mounts; then
        mount -t hugetlbfs -o pagesize=2M,mode=1770,gid="$(getent group kvm | cut -d: -f3)" \
            hugetlbfs "$HP_MOUNT"
        info "mounted hugetlbfs on $HP_MOUNT"
    fi
}

configure_qemu() {
    [ -f "$QEMU_CONF" ] || die "$QEMU_CONF not found (is libvirt installed?)"
    cp -p "$QEMU_CONF" "$QEMU_CONF.bak.$(date +%Y%m%d%H%M%S)"
    if grep -q '^hugetlbfs_mount' "$QEMU_CONF"; then
        sed -i "s|^hugetlbfs_mount.*|hugetlbfs_mount = \"$HP_MOUNT\"|" "$QEMU_CONF"
    else
        printf '\nhugetlbfs_mount = "%s"\n' "$HP_MOUNT" >> "$QEMU_CONF"
    fi
    info "qemu.conf updated"
}

restart_libvirt() {
    for unit in virtqemud libvirtd; do
        if systemctl is-active --quiet "$unit"; then
            systemctl restart "$unit"
            info "restarted $unit"
            return 0
        fi
    done
    info "no running libvirt daemon found; start it when ready"
}

case "${1:-16}" in
    --status) show_status; exit 0 ;;
    *[!0-9]*) die "argument must be a whole number of GiB" ;;
esac

GIB=${1:-16}
check_memory "$GIB"
apply_sysctl "$(pages_for "$GIB")"
mount_hugetlbfs
configure_qemu
restart_libvirt
info "done; add <memoryBacking><hugepages/></memoryBacking> to guest XML"
