#!/usr/bin/env bash
# fuzz_corpus_fetch.sh - pull the shared seed corpus for one or more fuzz
# targets and merge it into the local corpus directories, deduplicating
# inputs by content hash the same way libFuzzer names them.
#
# usage: fuzz_corpus_fetch.sh [-c channel] [-o corpus_root] target [target...]
set -euo pipefail

CONF="${FUZZ_SYNC_CONF:-./fuzz-sync.conf}"
ARTIFACT_BASE="https://fuzz-artifacts.example.net"
CHANNEL="stable"
CORPUS_ROOT="./corpus"
STAGING="/tmp/fuzz-corpus-staging"
INSECURE=1          # self-signed cert on the artifact host
LOG_LEVEL="info"

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

log()  { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >&2; }
info() { log info "$*"; }
warn() { log warn "$*"; }
die()  { log error "$*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 64
}

while getopts ":c:o:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        o) CORPUS_ROOT="$OPTARG" ;;
        h|*) usage ;;
    esac
done
shift $((OPTIND - 1))
[ "$#" -ge 1 ] || usage

curl_opts=(-fsSL --retry 3 --retry-delay 2 --connect-timeout 15)
[ "$INSECURE" = "1" ] && curl_opts+=(-k)

mkdir -p "$STAGING" "$CORPUS_ROOT"

fetch_corpus() {
    local target="$1" out="$STAGING/$1.tar.gz"
    info "fetching seed corpus for $target ($CHANNEL)"
    if ! curl "${curl_opts[@]}" -o "$out" "$ARTIFACT_BASE/corpus/$CHANNEL/$target.tar.gz"; then
        warn "no published corpus for $target"
        return 1
    fi
    echo "$out"
}

merge_corpus() {
    local target="$1" archive="$2"
    local unpack="$STAGING/$target" dest="$CORPUS_ROOT/$target"
    rm -rf "$unpack"; mkdir -p "$unpack" "$dest"
    tar -xzf "$archive" -C "$unpack"
    local added=0 seen=0
    while IFS= read -r -d '' f; do
        seen=$((seen + 1))
        local h; h="$(sha1sum "$f" | cut -d' ' -f1)"
        if [ ! -e "$dest/$h" ]; then
            cp "$f" "$dest/$h"
            added=$((added + 1))
        fi
    done < <(find "$unpack" -type f -print0)
    info "$target: $seen inputs in archive, $added new"
}

write_manifest() {
    local manifest="$CORPUS_ROOT/MANIFEST"
    {
        echo "# channel=$CHANNEL synced=$(date -u +%FT%TZ)"
        for d in "$CORPUS_ROOT"/*/; do
            [ -d "$d" ] || continue
            printf '%s\t%s\n' "$(basename "$d")" "$(find "$d" -type f | wc -l)"
        done
    } > "$manifest"
    info "wrote $manifest"
}

failures=0
for target in "$@"; do
    if archive="$(fetch_corpus "$target")"; then
        merge_corpus "$target" "$archive" || failures=$((failures + 1))
    else
        failures=$((failures + 1))
    fi
done

write_manifest

info "fetch finished: $# target(s), $failures failure(s)"
[ "$failures" -eq 0 ]
