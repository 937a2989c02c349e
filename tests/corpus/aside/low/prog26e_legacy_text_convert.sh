#!/usr/bin/env bash
# Convert the legacy notes in ./legacy from their old 8-bit encodings to
# UTF-8, writing the results to ./converted.  A short hex dump of each file's
# first bytes goes to ./converted/REPORT.txt so odd characters can be checked.
set -euo pipefail

SRC_DIR="./legacy"
OUT_DIR="./converted"
REPORT="$OUT_DIR/REPORT.txt"
DEFAULT_FROM="CP1252"

usage() {
    echo "usage: $0 [-f FROM_ENCODING] [-n]" >&2
    echo "  -f  source encoding when detection is inconclusive (default $DEFAULT_FROM)" >&2
    echo "  -n  dry run: only report what would be converted" >&2
    exit 2
}

from_enc="$DEFAULT_FROM"
dry_run=0
while getopts "f:nh" opt; do
    case "$opt" in
        f) from_enc="$OPTARG" ;;
        n) dry_run=1 ;;
        *) usage ;;
    esac
done

if [ ! -d "$SRC_DIR" ]; then
    echo "no $SRC_DIR directory in $(pwd)" >&2
    exit 1
fi

mkdir -p "$OUT_DIR"
: > "$REPORT"

guess_encoding() {
    # UTF-8 already?  iconv fails on invalid sequences.
    if iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; then
        echo "UTF-8"
        return
    fi
    # A UTF-16 byte-order mark at the start.
    local bom
    bom=$(head -c 2 "$1" | od -An -tx1 | tr -d ' \n')
    if [ "$bom" = "fffe" ] || [ "$bom" = "feff" ]; then
        echo "UTF-16"
        return
    fi
    echo "$from_enc"
}

converted=0
skipped=0
for f in "$SRC_DIR"/*.txt; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    enc=$(guess_encoding "$f")
    {
        echo "== $name ($enc)"
        head -c 48 "$f" | od -An -tx1 -c
        echo
    } >> "$REPORT"

    if [ "$enc" = "UTF-8" ]; then
        skipped=$((skipped + 1))
        [ "$dry_run" -eq 1 ] || cp "$f" "$OUT_DIR/$name"
        continue
    fi

    if [ "$dry_run" -eq 1 ]; then
        echo "would convert $name from $enc"
        continue
    fi

    if iconv -f "$enc" -t UTF-8 "$f" | sed 's/\r$//' > "$OUT_DIR/$name"; then
        converted=$((converted + 1))
        echo "converted $name ($enc -> UTF-8)"
    else
        echo "failed to convert $name from $enc" >&2
        rm -f "$OUT_DIR/$name"
    fi
done

echo "done: $converted converted, $skipped already UTF-8; report in $REPORT"
