#!/bin/sh
# Preview a new waiver-kiosk content bundle on a laptop before it goes out.
# Downloads the bundle from the content server, unpacks it and serves it so
# the front-desk team can click through the screens from their tablets.

set -eu

BUNDLE_URL="${BUNDLE_URL:-https://content.example.com/kiosk/waiver-bundle-latest.tar.gz}"
WORK_DIR="/tmp/waiver_preview"
BUNDLE_FILE="/tmp/waiver_bundle.tar.gz"
PORT="${PORT:-8080}"
KEEP="${KEEP:-0}"

msg() {
    echo "[preview] $*"
}

usage() {
    echo "usage: $0 [-p port] [-k] [-u url]"
    echo "  -k  keep the unpacked bundle after stopping"
}

while getopts "p:ku:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        k) KEEP=1 ;;
        u) BUNDLE_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

fetch_bundle() {
    msg "downloading $BUNDLE_URL"
    # content server still uses the installer's self-signed certificate
    if ! curl -k -sSfL --max-time 120 -o "$BUNDLE_FILE" "$BUNDLE_URL"; then
        msg "download failed"
        exit 2
    fi
    size=$(wc -c < "$BUNDLE_FILE")
    msg "got $size bytes"
}

unpack_bundle() {
    rm -rf "$WORK_DIR"
    mkdir -p "$WORK_DIR"
    tar -xzf "$BUNDLE_FILE" -C "$WORK_DIR"
    if [ ! -f "$WORK_DIR/index.html" ]; then
        inner=$(find "$WORK_DIR" -maxdepth 2 -name index.html | head -n1)
        if [ -z "$inner" ]; then
            msg "bundle has no index.html"
            exit 3
        fi
        WORK_DIR=$(dirname "$inner")
    fi
    screens=$(find "$WORK_DIR" -name '*.html' | wc -l)
    msg "bundle has $screens screens"
}

cleanup() {
    if [ "$KEEP" != "1" ]; then
        rm -rf "$WORK_DIR" "$BUNDLE_FILE"
        msg "cleaned up"
    fi
}

serve_bundle() {
    addr=$(hostname -I 2>/dev/null | awk '{print $1}')
    msg "open http://${addr:-this-laptop}:$PORT/ on the tablets (Ctrl-C to stop)"
    trap cleanup EXIT INT TERM
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$WORK_DIR"
}

fetch_bundle
unpack_bundle
serve_bundle
