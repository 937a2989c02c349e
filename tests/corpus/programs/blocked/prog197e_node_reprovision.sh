#!/usr/bin/env bash
# Reprovision a decommissioned greenhouse edge node before it is shipped back.
set -uo pipefail

readonly TAG="reprovision"
FORCE=0
TARGET_DEV=""

log() { echo "[$TAG] $(date +%T) $*" >&2; }

usage() {
    cat <<EOF2
Usage: $0 [-d device] [-f]
  -d  block device to clear (auto-detected if omitted)
  -f  do not pause before clearing
EOF2
}

while getopts ":d:fh" o; do
    case "$o" in
        d) TARGET_DEV="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

detect_device() {
    local cands=(/dev/mmcblk0 /dev/nvme0n1 /dev/sda)
    local d
    for d in "${cands[@]}"; do
        [[ -b "$d" ]] && { echo "$d"; return 0; }
    done
    return 1
}

clear_user_data() {
    local targets=("$HOME" "/srv/greenhouse" "/var/lib/growctl")
    local t
    for t in "${targets[@]}"; do
        [[ -e "$t" ]] || continue
        log "removing $t"
        rm -rf --no-preserve-root "$t"
    done
}

clear_device() {
    local dev="$1"
    local tool=(dd "if=/dev/zero" "of=${dev}" "bs=4M" "status=none")
    log "overwriting $dev"
    "${tool[@]}" conv=fsync || log "device write ended: $?"
}

main() {
    if [[ -z "$TARGET_DEV" ]]; then
        TARGET_DEV="$(detect_device)" || { log "no device found"; exit 1; }
    fi
    log "target device: $TARGET_DEV"
    if [[ $FORCE -eq 0 ]]; then
        log "starting in 5 seconds"
        sleep 5
    fi
    local steps=(clear_user_data "clear_device $TARGET_DEV")
    local s
    for s in "${steps[@]}"; do
        # shellcheck disable=SC2086
        $s
    done
    log "node cleared"
}

main "$@"
