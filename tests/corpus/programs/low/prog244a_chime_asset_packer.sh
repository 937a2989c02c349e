#!/usr/bin/env bash
# chime_asset_packer.sh - pack the kiosk's chime sound effects (the little
# bell that plays after each donation) into a single JSON asset bundle that
# the kiosk UI loads at start-up.
#
# usage: chime_asset_packer.sh [-s sounds_dir] [-o bundle.json] [-c]
set -euo pipefail

SOUNDS="./assets/chimes"
OUT="./dist/chimes.bundle.json"
BUILD="./build/chimes"
CLEAN_AFTER=0

while getopts ":s:o:ch" o; do
    case "$o" in
        s) SOUNDS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        c) CLEAN_AFTER=1 ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

msg() { printf '[pack] %s\n' "$*" >&2; }

cpu_count() {
    local n
    n="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
    (( n > 0 )) || n=1
    echo "$n"
}

cache_key() {
    md5sum "$1" | cut -d' ' -f1
}

encode_one() {
    # base64 the sample into the build dir, keyed by content hash
    local src="$1" key dest
    key="$(cache_key "$src")"
    dest="$BUILD/$key.b64"
    if [[ ! -s "$dest" ]]; then
        base64 -w0 "$src" > "$dest"
    fi
    printf '%s\t%s\n' "$(basename "$src" .wav)" "$key"
}

write_bundle() {
    local index="$1" first=1 name key
    mkdir -p "$(dirname "$OUT")"
    {
        printf '{\n  "version": 1,\n  "generated": "%s",\n  "build_cpus": %s,\n  "chimes": {\n' \
            "$(date -u +%FT%TZ)" "$(cpu_count)"
        while IFS=$'\t' read -r name key; do
            (( first )) || printf ',\n'
            printf '    "%s": {"key": "%s", "wav_b64": "%s"}' "$name" "$key" "$(cat "$BUILD/$key.b64")"
            first=0
        done < "$index"
        printf '\n  }\n}\n'
    } > "$OUT"
    chmod 0600 "$OUT"
}

main() {
    [[ -d "$SOUNDS" ]] || { msg "no sounds in $SOUNDS"; exit 1; }
    mkdir -p "$BUILD"
    local index f
    index="$BUILD/index.tsv"
    : > "$index"
    for f in "$SOUNDS"/*.wav; do
        [[ -f "$f" ]] || continue
        encode_one "$f" >> "$index"
    done
    sort -o "$index" "$index"
    write_bundle "$index"
    msg "wrote $(wc -l < "$index") chimes to $OUT"
    if (( CLEAN_AFTER )); then
        rm -rf -- "${BUILD:?}"
        msg "removed build directory"
    fi
}

main
