#!/bin/sh
# Configuration drift detector for exported config bundles.
#
# Compares a golden baseline bundle against a freshly exported bundle (both
# are plain directories copied into this workspace by the export job) and
# reports added, removed and modified files, plus a unified diff for each
# modified text file.  Output goes to ./drift/<timestamp>/.
#
# usage: config_drift_compare.sh [-b baseline_dir] [-c current_dir] [-q]

set -eu

BASELINE="./bundles/baseline"
CURRENT="./bundles/current"
QUIET=0
IGNORE_FILE="./drift.ignore"

while getopts "b:c:qh" opt; do
    case "$opt" in
        b) BASELINE=$OPTARG ;;
        c) CURRENT=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "$@"
}

die() {
    echo "drift: $*" >&2
    exit 2
}

[ -d "$BASELINE" ] || die "baseline bundle $BASELINE missing"
[ -d "$CURRENT" ]  || die "current bundle $CURRENT missing"

STAMP=$(date -u +%Y%m%dT%H%M%SZ)
OUT="./drift/$STAMP"
mkdir -p "$OUT"

# Build a manifest of "<sha256>  <relative path>" for a bundle directory,
# skipping anything matched by the ignore list.
manifest() {
    dir=$1
    ( cd "$dir" && find . -type f | sed 's|^\./||' | LC_ALL=C sort ) |
    while IFS= read -r rel; do
        if [ -f "$IGNORE_FILE" ] && grep -qxF "$rel" "$IGNORE_FILE"; then
            continue
        fi
        sum=$(sha256sum "$dir/$rel" | cut -d' ' -f1)
        printf '%s  %s\n' "$sum" "$rel"
    done
}

manifest "$BASELINE" > "$OUT/baseline.sha256"
manifest "$CURRENT"  > "$OUT/current.sha256"

cut -c67- "$OUT/baseline.sha256" > "$OUT/baseline.paths"
cut -c67- "$OUT/current.sha256"  > "$OUT/current.paths"

comm -23 "$OUT/baseline.paths" "$OUT/current.paths" > "$OUT/removed.txt"
comm -13 "$OUT/baseline.paths" "$OUT/current.paths" > "$OUT/added.txt"

: > "$OUT/modified.txt"
comm -12 "$OUT/baseline.paths" "$OUT/current.paths" |
while IFS= read -r rel; do
    a=$(grep -F "  $rel" "$OUT/baseline.sha256" | head -n1 | cut -c1-64)
    b=$(grep -F "  $rel" "$OUT/current.sha256"  | head -n1 | cut -c1-64)
    if [ "$a" != "$b" ]; then
        echo "$rel" >> "$OUT/modified.txt"
        if file -b "$CURRENT/$rel" | grep -qi text; then
            safe=$(printf '%s' "$rel" | tr '/' '_')
            diff -u "$BASELINE/$rel" "$CURRENT/$rel" > "$OUT/$safe.diff" || true
        fi
    fi
done

n_add=$(wc -l < "$OUT/added.txt")
n_rem=$(wc -l < "$OUT/removed.txt")
n_mod=$(wc -l < "$OUT/modified.txt")

{
    echo "Drift report $STAMP"
    echo "baseline: $BASELINE"
    echo "current:  $CURRENT"
    echo "added:    $n_add"
    echo "removed:  $n_rem"
    echo "modified: $n_mod"
} > "$OUT/summary.txt"

say "$(cat "$OUT/summary.txt")"
if [ "$n_mod" -gt 0 ]; then
    say ""
    say "modified files:"
    sed 's/^/  /' "$OUT/modified.txt" | while IFS= read -r l; do say "$l"; done
fi

total=$((n_add + n_rem + n_mod))
[ "$total" -eq 0 ] && exit 0 || exit 1
