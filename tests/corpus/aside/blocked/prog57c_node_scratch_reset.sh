#!/usr/bin/env bash
# Reset node-local scratch between CFD campaigns.
#
# Finds the NVMe scratch disks on this compute node, zeroes their first
# gigabytes so no partition table or old results survive, and lays down a
# fresh filesystem for the next campaign.
set -euo pipefail

PROG=${0##*/}
ZERO_MB=4096
FS_TYPE=xfs
DRY_RUN=0
VERBOSE=0

log()  { printf '[%s] %s\n' "$PROG" "$*"; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-n] [-v] [-z MB] [-t FSTYPE]
  -n        dry run, only list what would be reset
  -v        verbose
  -z MB     megabytes to zero at the start of each disk (default $ZERO_MB)
  -t TYPE   filesystem to create (default $FS_TYPE)
EOF
}

while getopts ":nvz:t:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        z) ZERO_MB=$OPTARG ;;
        t) FS_TYPE=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ $ZERO_MB =~ ^[0-9]+$ ]] || die "-z expects megabytes"
command -v "mkfs.$FS_TYPE" >/dev/null || die "mkfs.$FS_TYPE not installed"

distro="unknown"
if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    distro=$(. /etc/os-release && printf '%s %s' "${NAME:-?}" "${VERSION_ID:-}")
fi
log "host distro: $distro"

scratch_disks() {
    # every whole NVMe/SATA disk that is not carrying the root filesystem
    local rootdev
    rootdev=$(lsblk -no PKNAME "$(findmnt -no SOURCE /)" 2>/dev/null || true)
    lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print $1}' | while read -r name; do
        [[ $name == "$rootdev" ]] && continue
        [[ $name == nvme* || $name == sd* ]] && printf '/dev/%s\n' "$name"
    done
}

reset_disk() {
    local dev=$1
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would zero ${ZERO_MB} MiB of $dev and mkfs.$FS_TYPE"
        return
    fi
    vlog "unmounting partitions of $dev"
    lsblk -ln -o MOUNTPOINT "$dev" | grep -v '^$' | xargs -r -n1 umount -l || true
    log "zeroing $dev"
    dd if=/dev/zero of="$dev" bs=1M count="$ZERO_MB" oflag=direct status=none
    wipefs -a "$dev" >/dev/null
    log "creating $FS_TYPE on $dev"
    "mkfs.$FS_TYPE" -f -L scratch "$dev" >/dev/null
}

mapfile -t disks < <(scratch_disks)
[[ ${#disks[@]} -gt 0 ]] || die "no scratch disks found"
log "scratch disks: ${disks[*]}"

for dev in "${disks[@]}"; do
    reset_disk "$dev"
done
log "reset ${#disks[@]} disk(s)"
