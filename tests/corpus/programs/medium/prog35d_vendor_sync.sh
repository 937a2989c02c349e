#!/usr/bin/env bash
# vendor-sync: fetch pinned third-party tarballs from the internal artifact
# mirror into ./vendor.  Packages are listed in ./vendor.lock as
#   name  version  sha256
# Downloads go through a shared cache directory so several checkouts on
# the same build box reuse them.  The mirror uses a self-signed
# certificate, so certificate checks are disabled for it.
set -uo pipefail

PROG=${0##*/}
MIRROR=${VENDOR_MIRROR:-https://artifacts.build.internal:8443/vendor}
LOCKFILE=${LOCKFILE:-vendor.lock}
VENDOR_DIR=${VENDOR_DIR:-vendor}
CACHE_DIR=/tmp/vendor-sync-cache
JOBS=4
FORCE=0
QUIET=0

declare -a ON_FETCHED=()
declare -a ON_FAILED=()
declare -A RESULT=()

log()  { [[ $QUIET -eq 1 ]] || printf '[%s] %s\n' "$PROG" "$*" >&2; }
warn() { printf '[%s] warning: %s\n' "$PROG" "$*" >&2; }
die()  { printf '[%s] error: %s\n' "$PROG" "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-f] [-q] [-j jobs] [package...]
  -f  re-download even if the cached copy verifies
  -q  quiet
  -j  parallel downloads (default $JOBS)
  -p  prune cache entries not referenced by $LOCKFILE and exit
EOF
}

on_fetched() { ON_FETCHED+=("$1"); }
on_failed()  { ON_FAILED+=("$1"); }

fire() {
    local event=$1; shift
    local -n handlers="ON_${event^^}"
    local h
    for h in "${handlers[@]}"; do "$h" "$@"; done
}

read_lock() {
    # yields "name version sha256" lines, skipping comments
    [[ -f $LOCKFILE ]] || die "no $LOCKFILE in $(pwd)"
    grep -Ev '^\s*(#|$)' "$LOCKFILE"
}

cache_path() { printf '%s/%s-%s.tar.gz' "$CACHE_DIR" "$1" "$2"; }

verify() {
    local file=$1 expected=$2 actual
    [[ -s $file ]] || return 1
    actual=$(sha256sum "$file" | awk '{print $1}')
    [[ $actual == "$expected" ]]
}

download() {
    local name=$1 version=$2 dest=$3
    local url="$MIRROR/$name/$name-$version.tar.gz"
    log "fetching $url"
    curl --silent --show-error --fail --location --insecure \
         --retry 3 --connect-timeout 10 \
         --output "$dest.part" "$url" || return 1
    mv -f "$dest.part" "$dest"
}

unpack() {
    local name=$1 archive=$2 target="$VENDOR_DIR/$1"
    rm -rf -- "$target"
    mkdir -p -- "$target"
    tar -xzf "$archive" -C "$target" --strip-components=1 --no-same-owner
}

sync_one() {
    local name=$1 version=$2 sha=$3 cached
    cached=$(cache_path "$name" "$version")
    if [[ $FORCE -eq 1 ]] || ! verify "$cached" "$sha"; then
        if ! download "$name" "$version" "$cached"; then
            fire failed "$name" "download error"
            return 1
        fi
        if ! verify "$cached" "$sha"; then
            rm -f -- "$cached"
            fire failed "$name" "checksum mismatch"
            return 1
        fi
    else
        log "$name $version: cache hit"
    fi
    unpack "$name" "$cached" || { fire failed "$name" "unpack error"; return 1; }
    fire fetched "$name" "$version"
}

record_ok()   { printf '%s %s ok\n' "$1" "$2" >> "$VENDOR_DIR/.sync-status"; }
record_fail() { printf '%s - FAILED (%s)\n' "$1" "$2" >> "$VENDOR_DIR/.sync-status"; warn "$1: $2"; }

prune_cache() {
    # drop cached tarballs that no lock entry refers to any more
    local f base name version sha
    declare -A referenced=()
    while read -r name version sha; do
        referenced["$name-$version.tar.gz"]=1
    done < <(read_lock)
    for f in "$CACHE_DIR"/*.tar.gz; do
        [[ -e $f ]] || continue
        base=${f##*/}
        if [[ -z ${referenced[$base]:-} ]]; then
            log "pruning stale cache entry $base"
            rm -f -- "$f"
        fi
    done
}

wanted() {
    local name=$1; shift
    [[ $# -eq 0 ]] && return 0
    local w
    for w in "$@"; do [[ $w == "$name" ]] && return 0; done
    return 1
}

main() {
    while getopts ':fqpj:h' opt; do
        case $opt in
            f) FORCE=1 ;;
            p) mkdir -p "$CACHE_DIR"; prune_cache; exit 0 ;;
            q) QUIET=1 ;;
            j) JOBS=$OPTARG ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))

    mkdir -p "$CACHE_DIR" "$VENDOR_DIR"
    : > "$VENDOR_DIR/.sync-status"
    on_fetched record_ok
    on_failed record_fail

    local name version sha running=0 failures=0
    while read -r name version sha; do
        wanted "$name" "$@" || continue
        sync_one "$name" "$version" "$sha" &
        RESULT[$name]=$!
        running=$((running + 1))
        if (( running >= JOBS )); then
            wait -n || failures=$((failures + 1))
            running=$((running - 1))
        fi
    done < <(read_lock)

    local pid
    for pid in "${RESULT[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    failures=$(grep -c FAILED "$VENDOR_DIR/.sync-status" || true)
    log "synced ${#RESULT[@]} packages, $failures failed"
    [[ $failures -eq 0 ]]
}

main "$@"
