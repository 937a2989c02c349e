#!/usr/bin/env bash
# Build a cue pack for a show: collects the cue sheets, audio track and
# firing script for one show into a versioned zip with checksums.
set -euo pipefail

SHOW=""
SRC="./shows"
OUT="./dist"
BUILD="./build"
CLEAN=0

log() { printf '[cuepack] %s\n' "$*"; }
die() { printf '[cuepack] error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") -s SHOW [-i src] [-o out] [-c]
  -s SHOW  show folder name under the source folder
  -i DIR   source folder (default ./shows)
  -o DIR   output folder (default ./dist)
  -c       remove build and dist folders, then exit
EOF
}

parse_args() {
    while getopts ":s:i:o:ch" opt; do
        case "$opt" in
            s) SHOW="$OPTARG" ;;
            i) SRC="$OPTARG" ;;
            o) OUT="$OPTARG" ;;
            c) CLEAN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
}

clean() {
    rm -rf -- "$BUILD" "$OUT"
    log "removed $BUILD and $OUT"
}

collect() {
    local dir="$SRC/$SHOW"
    [[ -d "$dir" ]] || die "no show folder at $dir"
    local -a wanted=("*.csv" "*.fws" "*.wav" "*.pdf")
    local stage="$BUILD/$SHOW"
    mkdir -p "$stage"
    local pat n=0 f
    for pat in "${wanted[@]}"; do
        for f in "$dir"/$pat; do
            [[ -e "$f" ]] || continue
            cp -- "$f" "$stage/"
            n=$((n + 1))
        done
    done
    (( n > 0 )) || die "nothing to pack in $dir"
    log "collected $n files"
}

checksum() {
    ( cd "$BUILD/$SHOW" && sha256sum -- * > SHA256SUMS )
}

version() {
    local stamp
    stamp="$(date +%Y%m%d)"
    local count
    count="$(find "$OUT" -maxdepth 1 -name "${SHOW}-${stamp}-*.zip" 2>/dev/null | wc -l)"
    echo "${stamp}-$((count + 1))"
}

package() {
    mkdir -p "$OUT"
    local name="${SHOW}-$(version).zip"
    ( cd "$BUILD" && zip -qr "../${OUT#./}/$name" "$SHOW" )
    chmod 600 "$OUT/$name"
    log "wrote $OUT/$name"
    rm -rf -- "$BUILD/$SHOW"
}

declare -a PIPELINE=(collect checksum package)

main() {
    parse_args "$@"
    if (( CLEAN )); then
        clean
        return 0
    fi
    [[ -n "$SHOW" ]] || { usage; exit 2; }
    local step
    for step in "${PIPELINE[@]}"; do
        "$step"
    done
}

main "$@"
