#!/usr/bin/env bash
# Build the per-trip information packets (route notes, kit list, waiver) for guests.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./packet_sources}"
BUILD_DIR="./build"
DIST_DIR="./dist"
CLEAN_ONLY=0

log() { printf '[packets] %s\n' "$*"; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-s source_dir] [-c]
  -s  folder with one sub-folder per trip (default $SRC_DIR)
  -c  only remove previous build output
EOF
}

while getopts ":s:ch" opt; do
    case "$opt" in
        s) SRC_DIR="$OPTARG" ;;
        c) CLEAN_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

clean() {
    rm -rf -- "$BUILD_DIR" "$DIST_DIR"
    log "removed old build output"
}

REQUIRED=(route_notes.md kit_list.md waiver.md)

check_trip() {
    local dir="$1" f missing=0
    for f in "${REQUIRED[@]}"; do
        if [[ ! -f "$dir/$f" ]]; then
            log "$(basename "$dir"): missing $f"
            missing=1
        fi
    done
    return $missing
}

assemble() {
    local dir="$1" name out
    name="$(basename "$dir")"
    out="$BUILD_DIR/$name"
    mkdir -p "$out"
    {
        printf '# %s\n\n' "$name"
        local f
        for f in "${REQUIRED[@]}"; do
            cat "$dir/$f"
            printf '\n\n'
        done
    } > "$out/packet.md"
    (cd "$out" && md5sum packet.md > packet.md5)
    tar -czf "$DIST_DIR/$name.tar.gz" -C "$BUILD_DIR" "$name"
    chmod 600 "$DIST_DIR/$name.tar.gz"
    log "built $name"
}

main() {
    clean
    [[ $CLEAN_ONLY -eq 1 ]] && exit 0
    [[ -d "$SRC_DIR" ]] || { log "no source folder $SRC_DIR"; exit 1; }
    mkdir -p "$BUILD_DIR" "$DIST_DIR"
    local built=0 skipped=0 trip
    for trip in "$SRC_DIR"/*/; do
        [[ -d "$trip" ]] || continue
        if check_trip "${trip%/}"; then
            assemble "${trip%/}"
            built=$((built + 1))
        else
            skipped=$((skipped + 1))
        fi
    done
    log "$built packets built, $skipped skipped"
    (cd "$DIST_DIR" && ls -1 *.tar.gz 2>/dev/null > index.txt || true)
}

main
