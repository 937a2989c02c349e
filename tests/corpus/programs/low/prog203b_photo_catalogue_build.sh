#!/usr/bin/env bash
# Build the photo catalogue for the signal box collection.
# Reads ./photos, writes ./build/catalogue.csv and ./build/index.html.
set -euo pipefail

SRC="${1:-./photos}"
BUILD="./build"
CACHE="$BUILD/.cache"
declare -a EXTS=(jpg jpeg png tif tiff)
declare -A COUNTS=()

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

clean() {
    rm -rf "$CACHE"
    rm -f "$BUILD/catalogue.csv" "$BUILD/index.html"
    log "cleaned previous build"
}

find_photos() {
    local expr=() ext
    for ext in "${EXTS[@]}"; do
        expr+=(-iname "*.${ext}" -o)
    done
    unset 'expr[${#expr[@]}-1]'
    find "$SRC" -type f \( "${expr[@]}" \) -print0 | sort -z
}

describe() {
    local f="$1" size sum box
    size=$(stat -c %s "$f")
    sum=$(sha256sum "$f" | cut -c1-16)
    box=$(basename "$(dirname "$f")")
    printf '%s,%s,%s,%s\n' "${f#"$SRC"/}" "$box" "$size" "$sum"
}

write_html() {
    local csv="$1"
    {
        cat <<HEAD
<!doctype html>
<html><head><meta charset="utf-8"><title>Signal box photo catalogue</title></head>
<body><h1>Signal box photo catalogue</h1><table>
<tr><th>File</th><th>Box</th><th>Bytes</th><th>Checksum</th></tr>
HEAD
        tail -n +2 "$csv" | while IFS=, read -r file box size sum; do
            printf '<tr><td>%s</td><td>%s</td><td>%s</td><td><code>%s</code></td></tr>\n' \
                "$file" "$box" "$size" "$sum"
        done
        printf '</table></body></html>\n'
    } >"$BUILD/index.html"
}

if [[ ! -d "$SRC" ]]; then
    log "no photo directory at $SRC"
    exit 1
fi

clean
mkdir -p "$CACHE"
csv="$BUILD/catalogue.csv"
echo "file,box,bytes,sha256_prefix" >"$csv"

while IFS= read -r -d '' photo; do
    line=$(describe "$photo")
    echo "$line" >>"$csv"
    box=$(cut -d, -f2 <<<"$line")
    COUNTS[$box]=$(( ${COUNTS[$box]:-0} + 1 ))
done < <(find_photos)

write_html "$csv"
for box in "${!COUNTS[@]}"; do
    log "$box: ${COUNTS[$box]} photos"
done
log "catalogue written to $csv and $BUILD/index.html"
