#!/usr/bin/env bash
# Sort camera dumps in ./inbox into ./library/YYYY/MM by file date and set
# exact duplicates (same sha256) aside in ./library/_duplicates.
# Everything happens below the current directory.
set -euo pipefail

INBOX="./inbox"
LIBRARY="./library"
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<USAGE
Usage: ${0##*/} [-n] [-v] [-i inbox] [-l library]
  -n  dry run, only print what would happen
  -v  verbose
USAGE
}

while getopts "nvi:l:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        i) INBOX="$OPTARG" ;;
        l) LIBRARY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { [ "$VERBOSE" -eq 1 ] && printf '[sort] %s\n' "$*" >&2; return 0; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'would: %s\n' "$*"
    else
        "$@"
    fi
}

[ -d "$INBOX" ] || { echo "no inbox at $INBOX" >&2; exit 1; }
mkdir -p "$LIBRARY/_duplicates"

declare -A SEEN=()
# Pre-load hashes of files already in the library so re-runs stay idempotent.
while IFS= read -r -d '' existing; do
    h=$(sha256sum "$existing" | cut -d' ' -f1)
    SEEN["$h"]="$existing"
done < <(find "$LIBRARY" -path "$LIBRARY/_duplicates" -prune -o -type f -print0)
log "library has ${#SEEN[@]} files"

moved=0; dupes=0
while IFS= read -r -d '' photo; do
    hash=$(sha256sum "$photo" | cut -d' ' -f1)
    base=${photo##*/}
    if [ -n "${SEEN[$hash]:-}" ]; then
        log "duplicate: $base == ${SEEN[$hash]}"
        run mv -n -- "$photo" "$LIBRARY/_duplicates/$base"
        dupes=$((dupes + 1))
        continue
    fi
    ym=$(date -r "$photo" +%Y/%m)
    dest="$LIBRARY/$ym"
    run mkdir -p "$dest"
    if [ -e "$dest/$base" ]; then
        base="${hash:0:8}_$base"
    fi
    run mv -n -- "$photo" "$dest/$base"
    SEEN["$hash"]="$dest/$base"
    moved=$((moved + 1))
done < <(find "$INBOX" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.heic' \
                                 -o -iname '*.png' -o -iname '*.mp4' \) -print0)

printf 'sorted %d file(s), %d duplicate(s) set aside\n' "$moved" "$dupes"
