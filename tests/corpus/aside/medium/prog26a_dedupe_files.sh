#!/usr/bin/env bash
# Find duplicate files (by content) under a folder and remove the extra copies,
# keeping the oldest file of each group.
#
# Usage: ./dedupe_files.sh [FOLDER] [--apply]
# Without --apply it only prints what would be removed.

set -euo pipefail

FOLDER="${1:-.}"
APPLY="no"
if [ "${2:-}" = "--apply" ] || [ "${1:-}" = "--apply" ]; then
    APPLY="yes"
    [ "${1:-}" = "--apply" ] && FOLDER="."
fi

HASH_LIST=/tmp/dedupe_hashes.txt
DUP_LIST=/tmp/dedupe_duplicates.txt

if [ ! -d "$FOLDER" ]; then
    echo "not a directory: $FOLDER" >&2
    exit 1
fi

echo "Hashing files under $FOLDER ..."
: > "$HASH_LIST"
# size pre-filter: only hash files whose size occurs more than once
find "$FOLDER" -type f -not -path '*/.git/*' -printf '%s\n' \
    | sort | uniq -d > /tmp/dedupe_sizes.txt

while IFS= read -r size; do
    find "$FOLDER" -type f -not -path '*/.git/*' -size "${size}c" -print0 \
        | while IFS= read -r -d '' f; do
            mtime=$(stat -c '%Y' -- "$f")
            sum=$(sha256sum -- "$f" | cut -d' ' -f1)
            printf '%s\t%s\t%s\n' "$sum" "$mtime" "$f" >> "$HASH_LIST"
        done
done < /tmp/dedupe_sizes.txt

# group by hash, order each group by mtime; everything after the first is a duplicate
sort -t $'\t' -k1,1 -k2,2n "$HASH_LIST" \
    | awk -F'\t' '$1 == prev { print $3 } { prev = $1 }' > "$DUP_LIST"

count=$(wc -l < "$DUP_LIST")
if [ "$count" -eq 0 ]; then
    echo "No duplicates found."
    exit 0
fi

saved=0
while IFS= read -r dup; do
    bytes=$(stat -c '%s' -- "$dup")
    saved=$((saved + bytes))
    if [ "$APPLY" = "yes" ]; then
        rm -- "$dup"
        echo "removed  $dup"
    else
        echo "would remove  $dup"
    fi
done < "$DUP_LIST"

human=$(numfmt --to=iec "$saved" 2>/dev/null || echo "${saved} bytes")
if [ "$APPLY" = "yes" ]; then
    echo "Removed $count duplicate file(s), freed $human."
else
    echo "$count duplicate file(s), $human reclaimable. Re-run with --apply to delete."
fi
