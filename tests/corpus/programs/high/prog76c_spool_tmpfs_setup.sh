#!/bin/bash
# spool-tmpfs-setup: put the CUPS spool of the production print server on
# tmpfs. Large imposed PDFs (300-800 MB per job from the RIP) were stalling
# on the slow RAID; spooling from RAM roughly halves time-to-first-page.
#
# Usage: spool-tmpfs-setup [--size 8G] [--no-fstab] [--revert]
set -o errexit -o nounset -o pipefail

SPOOL=/var/spool/cups
SIZE=${SPOOL_TMPFS_SIZE:-8G}
WRITE_FSTAB=1
REVERT=0
FSTAB=/etc/fstab
SYSCTL_DROPIN=/etc/sysctl.d/60-print-spool.conf
MARK="# print-spool-tmpfs"

if [ "$(id -u)" -ne 0 ]; then
    exec sudo --preserve-env=SPOOL_TMPFS_SIZE "$0" "$@"
fi

while [ $# -gt 0 ]; do
    case $1 in
        --size) SIZE=$2; shift 2 ;;
        --no-fstab) WRITE_FSTAB=0; shift ;;
        --revert) REVERT=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

log() { logger -t spool-tmpfs -- "$*"; echo "spool-tmpfs: $*"; }

mem_ok() {
    # refuse if the requested size is more than half of RAM
    local want_kb total_kb
    want_kb=$(numfmt --from=iec "$SIZE")
    want_kb=$((want_kb / 1024))
    total_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    [ "$want_kb" -le $((total_kb / 2)) ]
}

queues_idle() {
    [ -z "$(lpstat -o 2>/dev/null)" ]
}

revert() {
    log "reverting spool to disk"
    systemctl stop cups.service cups.socket
    if mountpoint -q "$SPOOL"; then
        umount "$SPOOL"
    fi
    sed -i "/$MARK\$/d" "$FSTAB"
    rm -f "$SYSCTL_DROPIN"
    sysctl --system >/dev/null
    systemctl start cups.service
    log "done"
}

apply() {
    mem_ok || { log "refusing: $SIZE is more than half of RAM"; exit 1; }
    queues_idle || { log "jobs still queued; drain the queues first"; exit 1; }

    local owner mode
    owner=$(stat -c '%U:%G' "$SPOOL")
    mode=$(stat -c '%a' "$SPOOL")

    systemctl stop cups.service cups.socket
    # keep the certs/ and tmp/ layout CUPS expects
    local keep
    keep=$(mktemp -d)
    cp -a "$SPOOL"/. "$keep"/

    if mountpoint -q "$SPOOL"; then
        mount -o remount,size="$SIZE" "$SPOOL"
    else
        mount -t tmpfs -o "size=$SIZE,mode=$mode,noexec,nosuid,nodev" tmpfs "$SPOOL"
    fi
    cp -a "$keep"/. "$SPOOL"/
    rm -rf "$keep"
    chown "$owner" "$SPOOL"
    chmod "$mode" "$SPOOL"

    if [ "$WRITE_FSTAB" -eq 1 ] && ! grep -q "$MARK\$" "$FSTAB"; then
        cp -p "$FSTAB" "$FSTAB.bak.$(date +%s)"
        printf 'tmpfs %s tmpfs size=%s,mode=%s,noexec,nosuid,nodev 0 0 %s\n' \
            "$SPOOL" "$SIZE" "$mode" "$MARK" >>"$FSTAB"
        log "fstab entry added"
    fi

    # write back big spool files sooner instead of in one burst
    cat >"$SYSCTL_DROPIN" <<EOF
$MARK
vm.dirty_background_ratio = 5
vm.dirty_ratio = 15
vm.swappiness = 10
EOF
    sysctl -p "$SYSCTL_DROPIN" >/dev/null

    systemctl start cups.service
    systemctl is-active --quiet cups.service || { log "cups failed to start"; exit 1; }
    log "spool on tmpfs ($SIZE), $(df -h --output=used "$SPOOL" | tail -1 | tr -d ' ') used"
}

if [ "$REVERT" -eq 1 ]; then
    revert
else
    apply
fi
