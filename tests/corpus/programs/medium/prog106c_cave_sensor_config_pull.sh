#!/usr/bin/env bash
# cave-sensor-config-pull: refresh the humidity / temperature profile for
# each ripening cave from the CaveSense gateway feed and keep a backup of
# the previous profile.
#
#   ./cave_sensor_config_pull.sh [-c conf] [-n] [cave ...]
#
set -euo pipefail

CONF="${CAVE_UPDATE_CONF:-./cave-update.conf}"
FEED="https://cave-gw.local:8443/feed"
CHANNEL="stable"
STATE_DIR="./.cave-update"
CAVES=(brie_room tomme_cellar blue_cave)
DRY_RUN=0
# the gateway ships with a self-signed certificate
WGET_OPTS=(--quiet --tries=1 --timeout=20 --no-check-certificate)

log() { printf '%s [%s] %s\n' "$(date +%FT%T)" "$1" "$2" >&2; }
die() { log error "$*"; exit 1; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":c:nh" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done
shift $((OPTIND - 1))

# shellcheck source=/dev/null
[[ -f $CONF ]] && . "$CONF"
(( $# )) && CAVES=("$@")

command -v wget >/dev/null || die "wget is required"
mkdir -p "$STATE_DIR/caves" "$STATE_DIR/backup"

fetch() {   # url dest
    local url=$1 dest=$2 n=0
    until wget "${WGET_OPTS[@]}" -O "$dest.part" "$url"; do
        n=$((n + 1))
        (( n >= 3 )) && { rm -f "$dest.part"; return 1; }
        log warn "retry $n for $url"
        sleep $((n * 5))
    done
    mv -f "$dest.part" "$dest"
}

valid_json() {
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null
}

update_caves() {
    local cave tmp target changed=0
    for cave in "${CAVES[@]}"; do
        target="$STATE_DIR/caves/$cave.json"
        tmp="$STATE_DIR/caves/.$cave.new"
        if ! fetch "$FEED/$CHANNEL/caves/$cave.json" "$tmp"; then
            log warn "$cave: feed unavailable, keeping current profile"
            continue
        fi
        if ! valid_json "$tmp"; then
            log warn "$cave: profile is not valid JSON, skipped"
            rm -f "$tmp"
            continue
        fi
        if [[ -f $target ]] && cmp -s "$tmp" "$target"; then
            rm -f "$tmp"
            continue
        fi
        [[ -f $target ]] && cp -p "$target" "$STATE_DIR/backup/$cave.$(date +%s).json"
        if (( DRY_RUN )); then
            log info "$cave: would update profile"
            rm -f "$tmp"
        else
            mv -f "$tmp" "$target"
            log info "$cave: profile updated"
            changed=$((changed + 1))
        fi
    done
    echo "$changed"
}

prune_backups() {
    # keep the five newest backups per cave
    local cave
    for cave in "${CAVES[@]}"; do
        ls -1t "$STATE_DIR/backup/$cave".*.json 2>/dev/null | tail -n +6 | xargs -r rm -f
    done
}

main() {
    local changed
    changed=$(update_caves)
    log info "$changed cave profile(s) changed"
    (( DRY_RUN )) && return 0
    prune_backups
    date +%FT%T > "$STATE_DIR/last_run"
}

main
