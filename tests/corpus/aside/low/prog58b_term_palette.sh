#!/usr/bin/env bash
# Print a coloured status table for the build targets listed in ./targets.csv
# and stage their outputs under ./build/{bin,obj,log}.  Colours are produced
# with printf octal/hex escapes so the script works with dash-style printf too.
set -euo pipefail

ESC=$(printf '\033')
C_OK="${ESC}[1;32m"
C_WARN=$(printf '\x1b[1;33m')
C_ERR=$(printf '\033[1;31m')
C_DIM=$(printf '\x1b[2m')
C_RST="${ESC}[0m"
TICK=$(printf '\342\234\224')     # U+2714 heavy check mark, UTF-8 octal
CROSS=$(printf '\342\234\230')    # U+2718 heavy ballot X

TARGETS_FILE="./targets.csv"
BUILD_DIR="./build"
VERBOSE=0
NO_COLOR=${NO_COLOR:-}

usage() {
    printf 'usage: %s [-v] [-c] [-f targets.csv]\n' "${0##*/}"
    printf '  -v  verbose\n  -c  clean ./build first\n  -f  targets file\n'
}

paint() {   # paint COLOUR TEXT
    if [[ -n "$NO_COLOR" || ! -t 1 ]]; then
        printf '%s' "$2"
    else
        printf '%s%s%s' "$1" "$2" "$C_RST"
    fi
}

log() { (( VERBOSE )) && printf '%s\n' "$(paint "$C_DIM" "[$(date +%H:%M:%S)] $*")" >&2 || true; }

clean_build() {
    if [[ -d "$BUILD_DIR" ]]; then
        log "removing $BUILD_DIR"
        rm -rf -- "$BUILD_DIR"
    fi
}

stage_target() {   # stage_target NAME SRC KIND
    local name=$1 src=$2 kind=$3 dest
    case "$kind" in
        bin) dest="$BUILD_DIR/bin/$name" ;;
        obj) dest="$BUILD_DIR/obj/$name.o" ;;
        *)   dest="$BUILD_DIR/log/$name.txt" ;;
    esac
    cp -- "$src" "$dest"
    log "staged $src -> $dest"
    wc -c < "$dest" | tr -d ' '
}

while getopts ':vcf:h' opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        c) clean_build ;;
        f) TARGETS_FILE=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[[ -r "$TARGETS_FILE" ]] || { paint "$C_ERR" "missing $TARGETS_FILE"; echo; exit 1; }
mkdir -p "$BUILD_DIR"/{bin,obj,log}

ok=0 failed=0 skipped=0
printf '%-20s %-6s %10s  %s\n' TARGET KIND BYTES STATUS
while IFS=',' read -r name src kind _rest; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    name=${name//[[:space:]]/}
    kind=${kind:-log}
    if [[ ! -f "$src" ]]; then
        printf '%-20s %-6s %10s  %s\n' "$name" "$kind" "-" "$(paint "$C_WARN" "skipped")"
        skipped=$((skipped + 1))
        continue
    fi
    if size=$(stage_target "$name" "$src" "$kind"); then
        printf '%-20s %-6s %10s  %s\n' "$name" "$kind" "$size" "$(paint "$C_OK" "$TICK ok")"
        ok=$((ok + 1))
    else
        printf '%-20s %-6s %10s  %s\n' "$name" "$kind" "-" "$(paint "$C_ERR" "$CROSS failed")"
        failed=$((failed + 1))
    fi
done < "$TARGETS_FILE"

printf '\n%s %d  %s %d  %s %d\n' \
    "$(paint "$C_OK" ok:)" "$ok" "$(paint "$C_WARN" skipped:)" "$skipped" \
    "$(paint "$C_ERR" failed:)" "$failed"
(( failed == 0 ))
