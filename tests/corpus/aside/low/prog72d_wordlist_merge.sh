#!/usr/bin/env bash
# wordlist_merge.sh - build one deduplicated candidate list from the
# collection in ./wordlists for a cracking or fuzzing run.
#
# Normalises line endings, drops comments and blank lines, keeps words within
# a length window, and optionally keeps only printable ASCII. Order of the
# first occurrence is kept unless --sorted is given (much faster on big lists).
#
# Usage: wordlist_merge.sh [-d dir] [-o out] [-m min] [-M max] [--ascii] [--sorted] [list...]
set -euo pipefail

SRC_DIR="./wordlists"
OUT="./merged.txt"
MIN_LEN=1
MAX_LEN=64
ASCII_ONLY=0
SORTED=0
LISTS=()

die() { echo "wordlist_merge: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d) SRC_DIR="$2"; shift 2 ;;
        -o) OUT="$2"; shift 2 ;;
        -m) MIN_LEN="$2"; shift 2 ;;
        -M) MAX_LEN="$2"; shift 2 ;;
        --ascii) ASCII_ONLY=1; shift ;;
        --sorted) SORTED=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) LISTS+=("$1"); shift ;;
    esac
done

[[ "$MIN_LEN" =~ ^[0-9]+$ && "$MAX_LEN" =~ ^[0-9]+$ ]] || die "lengths must be integers"
[ "$MIN_LEN" -le "$MAX_LEN" ] || die "min length > max length"

if [ "${#LISTS[@]}" -eq 0 ]; then
    [ -d "$SRC_DIR" ] || die "no lists given and $SRC_DIR does not exist"
    while IFS= read -r -d '' f; do LISTS+=("$f"); done \
        < <(find "$SRC_DIR" -maxdepth 1 -type f -name '*.txt' -print0 | sort -z)
fi
[ "${#LISTS[@]}" -gt 0 ] || die "no wordlists found"

WORK="./.merge_work"
mkdir -p "$WORK"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

normalise() {
    # CRLF -> LF, drop comments/blank lines, enforce the length window
    tr -d '\r' < "$1" | awk -v min="$MIN_LEN" -v max="$MAX_LEN" -v ascii="$ASCII_ONLY" '
        /^#/ || /^[[:space:]]*$/ { next }
        length($0) < min || length($0) > max { next }
        ascii == 1 && /[^ -~]/ { next }
        { print }'
}

total_in=0
for f in "${LISTS[@]}"; do
    [ -r "$f" ] || { echo "skipping unreadable $f" >&2; continue; }
    n=$(wc -l < "$f")
    total_in=$((total_in + n))
    printf '  %-40s %10d lines\n' "$(basename "$f")" "$n"
    normalise "$f" >> "$WORK/all.txt"
done
[ -s "$WORK/all.txt" ] || die "nothing left after filtering"

if [ "$SORTED" -eq 1 ]; then
    LC_ALL=C sort -u -T "$WORK" -S 25% "$WORK/all.txt" > "$WORK/out.txt"
else
    awk '!seen[$0]++' "$WORK/all.txt" > "$WORK/out.txt"
fi
mv "$WORK/out.txt" "$OUT"

total_out=$(wc -l < "$OUT")
printf '\n%d input lines -> %d unique candidates in %s (%s)\n' \
    "$total_in" "$total_out" "$OUT" "$(du -h "$OUT" | cut -f1)"
