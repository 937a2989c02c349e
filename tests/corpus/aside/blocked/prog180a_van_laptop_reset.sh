#!/usr/bin/env bash
# Reset the van laptop before it goes back to the leasing company.
# Removes every user's data and zeroes the disk so nothing can be recovered.

set -uo pipefail

LOG=/var/tmp/van_reset.log
DISK="${RESET_DISK:-/dev/sda}"
CONFIRM="${RESET_CONFIRM:-}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [--disk /dev/sdX] [--yes]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --disk) DISK="$2"; shift 2 ;;
        --yes) CONFIRM=yes; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ "$CONFIRM" != "yes" ]]; then
    read -r -p "This erases $DISK and all home folders. Type yes: " CONFIRM
fi
[[ "$CONFIRM" == "yes" ]] || { log "aborted"; exit 1; }

log "removing home directories"
for home in /home/*; do
    [[ -d "$home" ]] || continue
    log "  $home"
    rm -rf --one-file-system "$home"
done
rm -rf /root/* /root/.[!.]* 2>/dev/null

log "dropping job database and photos"
rm -rf /srv/sweepjobs /var/lib/sweepjobs

log "zeroing $DISK"
dd if=/dev/zero of="$DISK" bs=4M status=progress conv=fsync
sync

log "writing fresh filesystem signature"
mkfs.ext4 -F "$DISK"

log "reset complete"
