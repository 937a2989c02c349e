#!/usr/bin/env bash
# Tidy exported CSV files: strip BOM and CRLF, trim whitespace around fields,
# lower-case + snake_case the header, drop blank and duplicate rows.
# Input:  ./incoming/*.csv     Output: ./cleaned/<name>.csv
set -euo pipefail

IN_DIR="${IN_DIR:-incoming}"
OUT_DIR="${OUT_DIR:-cleaned}"
DELIM=","
KEEP_DUPES=0
VERBOSE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-i in_dir] [-o out_dir] [-d delimiter] [-k] [-v]
  -k   keep duplicate rows
  -v   print per-file row counts
EOF
}

while getopts ":i:o:d:kvh" opt; do
    case "$opt" in
        i) IN_DIR=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        d) DELIM=$OPTARG ;;
        k) KEEP_DUPES=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() { printf '[csv-tidy] %s\n' "$*" >&2; }

[[ -d "$IN_DIR" ]] || { log "no input directory '$IN_DIR'"; exit 1; }
mkdir -p "$OUT_DIR/.work"

normalise_header() {
    # "Customer Name " -> customer_name
    head -n1 "$1" | tr 'A-Z' 'a-z' | awk -v FS="$DELIM" -v OFS="$DELIM" '{
        for (i = 1; i <= NF; i++) {
            gsub(/^[ \t"]+|[ \t"]+$/, "", $i)
            gsub(/[^a-z0-9]+/, "_", $i)
            gsub(/^_+|_+$/, "", $i)
        }
        print
    }'
}

clean_body() {
    tail -n +2 "$1" | awk -v FS="$DELIM" -v OFS="$DELIM" -v keep="$KEEP_DUPES" '
        {
            blank = 1
            for (i = 1; i <= NF; i++) {
                gsub(/^[ \t]+|[ \t]+$/, "", $i)
                if ($i != "") blank = 0
            }
            if (blank) next
            if (!keep && seen[$0]++) next
            print
        }'
}

processed=0
shopt -s nullglob
for src in "$IN_DIR"/*.csv; do
    name=$(basename "$src")
    work="$OUT_DIR/.work/$name"
    # strip UTF-8 BOM and Windows line endings
    sed '1s/^\xEF\xBB\xBF//' "$src" | tr -d '\r' > "$work"

    {
        normalise_header "$work"
        clean_body "$work"
    } > "$OUT_DIR/$name"

    if (( VERBOSE )); then
        before=$(( $(wc -l < "$src") - 1 ))
        after=$(( $(wc -l < "$OUT_DIR/$name") - 1 ))
        log "$name: $before -> $after rows"
    fi
    processed=$((processed + 1))
done

rm -rf "$OUT_DIR/.work"
log "cleaned $processed file(s) into $OUT_DIR/"
