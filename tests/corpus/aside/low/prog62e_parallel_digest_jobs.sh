#!/usr/bin/env bash
# parallel_digest_jobs.sh - compute SHA-256 digests of every asset under the
# given project directories with a bounded pool of background jobs, writing
# a manifest through a dedicated file descriptor.
set -uo pipefail

MAX_JOBS="${MAX_JOBS:-4}"
MANIFEST="${MANIFEST:-./asset-manifest.sha256}"
EXCLUDE_RE='(/\.git/|/node_modules/|\.sha256$)'
declare -i queued=0 done_count=0 failed=0

die() { echo "error: $*" >&2; exit 1; }

usage() {
    echo "usage: ${0##*/} [-j jobs] [-o manifest] DIR..." >&2
    exit 2
}

while getopts ":j:o:" opt; do
    case "$opt" in
        j) MAX_JOBS="$OPTARG" ;;
        o) MANIFEST="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || set -- .
[[ "$MAX_JOBS" =~ ^[0-9]+$ ]] || die "jobs must be numeric"

on_interrupt() {
    echo "interrupted, stopping $(jobs -pr | wc -l) workers" >&2
    # Only our own background jobs are signalled.
    jobs -pr | xargs -r kill 2>/dev/null
    wait
    exit 130
}
trap on_interrupt INT TERM
trap 'exec 3>&- 4>&-' EXIT

exec 3> "${MANIFEST}.partial" || die "cannot open manifest"
exec 4> "${MANIFEST%.sha256}.errors"

digest_one() {
    local path=$1 sum
    if sum=$(sha256sum -- "$path" 2>/dev/null); then
        # A single short write per line keeps lines intact across jobs.
        printf '%s\n' "$sum" >&3
    else
        printf 'unreadable\t%s\n' "$path" >&4
        return 1
    fi
}

reap_one() {
    if wait -n; then
        done_count+=1
    else
        failed+=1
    fi
}

for root in "$@"; do
    [[ -d "$root" ]] || { echo "skip: $root is not a directory" >&2; continue; }
    while IFS= read -r -d '' file; do
        [[ "$file" =~ $EXCLUDE_RE ]] && continue
        while (( $(jobs -pr | wc -l) >= MAX_JOBS )); do
            reap_one
        done
        digest_one "$file" &
        queued+=1
    done < <(find "$root" -type f -print0)
done

while (( done_count + failed < queued )); do
    reap_one || break
done
wait

exec 3>&-
sort -k2 "${MANIFEST}.partial" > "$MANIFEST" && rm -f -- "${MANIFEST}.partial"
chmod 0600 "$MANIFEST"

printf 'hashed %d files (%d failed) into %s\n' "$done_count" "$failed" "$MANIFEST"
[[ $failed -eq 0 ]]
