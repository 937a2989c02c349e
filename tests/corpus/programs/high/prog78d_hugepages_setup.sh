#!/usr/bin/env bash
# hugepages_setup.sh - reserve hugepages for the VDI desktop pool
#
# Reads the pool definition (desktops x memory) from pool.conf, works out
# how many 2M or 1G pages the QEMU guests need, reserves them now and makes
# the reservation persistent. Run on each hypervisor after changing the
# pool size.
#
# usage: hugepages_setup.sh [-c pool.conf] [-s 2M|1G] [-H headroom_pct]

set -euo pipefail

CONF="pool.conf"
PAGE_SIZE="2M"
HEADROOM=5
SYSCTL_FILE="/etc/sysctl.d/80-vdi-hugepages.conf"
MOUNT_BASE="/dev/hugepages"

say() { echo "hugepages: $*"; }
die() { echo "hugepages: $*" >&2; exit 1; }

while getopts "c:s:H:h" o; do
    case "$o" in
        c) CONF="$OPTARG" ;;
        s) PAGE_SIZE="$OPTARG" ;;
        H) HEADROOM="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -r "$CONF" ] || die "cannot read $CONF"
# shellcheck disable=SC1090
. "$CONF"    # defines DESKTOPS and DESKTOP_MEM_MB
: "${DESKTOPS:?DESKTOPS missing in $CONF}"
: "${DESKTOP_MEM_MB:?DESKTOP_MEM_MB missing in $CONF}"

case "$PAGE_SIZE" in
    2M) page_kb=2048 ;;
    1G) page_kb=1048576 ;;
    *) die "page size must be 2M or 1G" ;;
esac

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

needed_pages() {
    local total_kb=$(( DESKTOPS * DESKTOP_MEM_MB * 1024 ))
    total_kb=$(( total_kb + total_kb * HEADROOM / 100 ))
    echo $(( (total_kb + page_kb - 1) / page_kb ))
}

check_memory() {
    local want_kb=$1 have_kb
    have_kb=$(awk '/^MemTotal:/{print $2}' /proc/meminfo)
    if [ "$want_kb" -gt $(( have_kb * 90 / 100 )) ]; then
        die "pool needs ${want_kb}kB, host has ${have_kb}kB; refusing to reserve >90%"
    fi
}

reserve_now() {
    local pages=$1
    if [ "$PAGE_SIZE" = "2M" ]; then
        $SUDO sysctl -q -w vm.nr_hugepages="$pages"
    else
        echo "$pages" | $SUDO tee /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages >/dev/null
    fi
    local got
    got=$(cat "/sys/kernel/mm/hugepages/hugepages-${page_kb}kB/nr_hugepages" 2>/dev/null || echo "?")
    say "requested $pages pages of $PAGE_SIZE, kernel reserved $got"
}

make_persistent() {
    local pages=$1
    if [ "$PAGE_SIZE" = "2M" ]; then
        printf '# managed by hugepages_setup.sh\nvm.nr_hugepages = %s\n' "$pages" \
            | $SUDO tee "$SYSCTL_FILE" >/dev/null
        say "wrote $SYSCTL_FILE"
    else
        say "1G pages must also be on the kernel cmdline: hugepagesz=1G hugepages=$pages"
    fi
}

mount_hugetlbfs() {
    local mnt="$MOUNT_BASE"
    [ "$PAGE_SIZE" = "1G" ] && mnt="${MOUNT_BASE}1G"
    if ! mountpoint -q "$mnt"; then
        $SUDO mkdir -p "$mnt"
        $SUDO mount -t hugetlbfs -o pagesize="$PAGE_SIZE",mode=1770,gid=kvm hugetlbfs "$mnt"
        say "mounted hugetlbfs at $mnt"
    fi
    echo "$mnt"
}

pages=$(needed_pages)
check_memory $(( pages * page_kb ))
reserve_now "$pages"
make_persistent "$pages"
mnt=$(mount_hugetlbfs | tail -n1)
say "add to each domain: <memoryBacking><hugepages><page size='${PAGE_SIZE%?}' unit='${PAGE_SIZE: -1}'/></hugepages></memoryBacking>"
say "hugetlbfs path for QEMU: $mnt"
