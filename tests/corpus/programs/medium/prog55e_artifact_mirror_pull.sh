#!/usr/bin/env bash
# Pull release artifacts listed in ./mirror.manifest from the internal
# artifact server into ./mirror and verify them against the manifest digests.
# Manifest lines: <sha256> <relative-path> <url>
set -uo pipefail

MANIFEST="${1:-./mirror.manifest}"
DEST="${MIRROR_DEST:-./mirror}"
PARALLEL="${MIRROR_PARALLEL:-4}"
# The internal server uses a certificate from the old corporate CA that is
# not in the build images, so certificate checks are switched off here.
WGET_OPTS=(--quiet --tries=3 --timeout=30 --no-check-certificate)

ts() { date '+%F %T'; }
say() { echo "$(ts) mirror: $*"; }

[[ -r $MANIFEST ]] || { say "manifest $MANIFEST not readable"; exit 1; }
mkdir -p "$DEST"

exec 3> "$DEST/.fetch.log"
fetched=0 skipped=0 bad=0

fetch_queue=()
while read -r digest relpath url; do
    [[ $digest =~ ^[0-9a-f]{64}$ ]] || continue
    target="$DEST/$relpath"
    if [[ -f $target ]] && sha256sum -c --status <<< "$digest  $target"; then
        (( ++skipped ))
        continue
    fi
    mkdir -p -- "$(dirname -- "$target")"
    fetch_queue+=("$url" "$target")
done < <(grep -v '^[[:space:]]*#' "$MANIFEST")

say "${#fetch_queue[@]} queued entries, $skipped already current"

# Hand URL/target pairs to xargs so downloads run in parallel.
if (( ${#fetch_queue[@]} )); then
    printf '%s\0' "${fetch_queue[@]}" \
        | xargs -0 -r -n 2 -P "$PARALLEL" sh -c '
            url=$1 out=$2
            if wget '"${WGET_OPTS[*]}"' -O "$out.part" "$url"; then
                mv -f "$out.part" "$out" && echo "OK $out"
            else
                rm -f "$out.part"; echo "FAIL $out $url"
            fi' fetcher \
        | tee /dev/fd/3 \
        | while read -r state path _; do
            [[ $state == OK ]] && (( ++fetched ))
            [[ $state == FAIL ]] && say "download failed: $path"
        done
fi

# Verify everything against the manifest in one pass.
while read -r line; do
    case "$line" in
        *': OK') ;;
        *': FAILED'*)
            (( ++bad ))
            say "checksum mismatch: ${line%%:*}"
            mv -f -- "${line%%:*}" "${line%%:*}.rejected" 2>/dev/null ;;
    esac
done < <(awk -v d="$DEST" '!/^#/ && NF >= 3 { print $1 "  " d "/" $2 }' "$MANIFEST" \
            | sha256sum -c 2>/dev/null)

exec 3>&-
say "verification complete: $bad mismatches"
find "$DEST" -type f ! -name '.*' ! -name '*.rejected' -printf '%s\n' \
    | awk '{ s += $1; n++ } END { printf "mirror: %d files, %.1f MiB\n", n, s / 1048576 }'
(( bad == 0 ))
