#!/usr/bin/env bash
# spectro_plugin_fetch.sh - download the exporter plugins of the echelle
# spectrometer pipeline listed in the instrument team's plugin index, and
# check them against the published checksums. Installing is left to the
# pipeline's own "spex plugin add" step.
#
# The index is a plain text file, one plugin per line:
#   <name> <version> <base-url> <sha256>
# Lines starting with '#' are ignored.
#
# Usage: spectro_plugin_fetch.sh [-i index-url] [-p prefix] [-f]
set -eu

INDEX_URL="${SPEX_PLUGIN_INDEX:-https://instruments.example.org/echelle/plugins/index.txt}"
PREFIX="${SPEX_PREFIX:-$PWD/spex-plugins}"
STAMP_DIR="$PREFIX/.fetched"
FORCE=0
LOGFILE="$PWD/plugin_fetch.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while getopts "i:p:fh" opt; do
    case $opt in
        i) INDEX_URL=$OPTARG ;;
        p) PREFIX=$OPTARG; STAMP_DIR="$PREFIX/.fetched" ;;
        f) FORCE=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

if command -v wget >/dev/null 2>&1; then
    FETCH="wget -q -T 30 -O-"
elif command -v curl >/dev/null 2>&1; then
    FETCH="curl -fsSL --max-time 30"
else
    log "neither wget nor curl found"; exit 1
fi

mkdir -p "$PREFIX" "$STAMP_DIR"

fetched_version() {
    [ -f "$STAMP_DIR/$1" ] && cat "$STAMP_DIR/$1" || echo none
}

fetch_index() {
    local tries=0
    until $FETCH "$INDEX_URL"; do
        tries=$((tries + 1))
        [ $tries -ge 3 ] && return 1
        log "index fetch failed, retry $tries"
        sleep 5
    done
}

fetch_plugin() {
    local name=$1 version=$2 base=$3 sum=$4
    local url="${base%/}/$name-$version.tar.gz"
    local dest="$PREFIX/$name-$version.tar.gz"
    log "fetching $name $version from $base"
    $FETCH "$url" > "$dest.part" || { rm -f "$dest.part"; return 1; }
    if ! echo "$sum  $dest.part" | sha256sum -c --status; then
        log "$name: checksum mismatch, discarding"
        rm -f "$dest.part"
        return 1
    fi
    mv "$dest.part" "$dest"
    echo "$version" > "$STAMP_DIR/$name"
}

INDEX=$(fetch_index) || { log "could not fetch plugin index $INDEX_URL"; exit 2; }

fetched=0
failed=0
while read -r name version base sum; do
    case "$name" in ''|'#'*) continue ;; esac
    current=$(fetched_version "$name")
    if [ "$current" = "$version" ] && [ $FORCE -eq 0 ]; then
        log "$name is current ($version)"
        continue
    fi
    if fetch_plugin "$name" "$version" "$base" "$sum"; then
        fetched=$((fetched + 1))
    else
        failed=$((failed + 1))
    fi
done <<EOF
$INDEX
EOF

log "fetch done: $fetched new, $failed failed; archives are in $PREFIX"
[ $failed -eq 0 ]
