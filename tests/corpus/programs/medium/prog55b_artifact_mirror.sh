#!/usr/bin/env bash
# Mirror build artifacts from the internal CI server and serve them to the
# lab machines over plain HTTP. The CI server uses a self-signed cert, so
# curl runs with --insecure unless CA_BUNDLE is given.
set -eu

CI_URL="${CI_URL:-https://ci.lab.example.net/artifacts}"
CACHE_DIR="/tmp/artifact-mirror"
PORT="${PORT:-8080}"
CHANNELS=(nightly beta)
SERVE=1

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[mirror] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --channel) CHANNELS+=("$2"); shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

build_curl_args() {
    local -n _out=$1
    _out=(--silent --show-error --fail --location --retry 3 --max-time 120)
    if [ -n "${CA_BUNDLE:-}" ]; then
        _out+=(--cacert "$CA_BUNDLE")
    else
        _out+=(--insecure)
    fi
}

fetch_channel() {
    local channel=$1 dest="$CACHE_DIR/$1" args
    build_curl_args args
    mkdir -p "$dest"
    info "listing $channel"
    curl "${args[@]}" "$CI_URL/$channel/index.txt" -o "$dest/index.txt" \
        || { info "no index for $channel"; return 0; }
    while read -r name sum; do
        [ -z "$name" ] && continue
        if [ -f "$dest/$name" ] && echo "$sum  $dest/$name" | sha256sum -c --quiet 2>/dev/null; then
            continue
        fi
        info "downloading $channel/$name"
        curl "${args[@]}" "$CI_URL/$channel/$name" -o "$dest/$name.part"
        mv "$dest/$name.part" "$dest/$name"
        case "$name" in
            *.tar.gz) mkdir -p "$dest/${name%.tar.gz}" && tar -xzf "$dest/$name" -C "$dest/${name%.tar.gz}" ;;
        esac
    done < "$dest/index.txt"
}

mkdir -p "$CACHE_DIR"
for ch in "${CHANNELS[@]}"; do
    fetch_channel "$ch"
done
du -sh "$CACHE_DIR" | awk '{print "[mirror] cache size " $1}'

if [ "$SERVE" -eq 1 ]; then
    info "serving $CACHE_DIR on port $PORT"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$CACHE_DIR"
fi
