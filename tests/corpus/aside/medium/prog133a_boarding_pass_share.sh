#!/usr/bin/env bash
# Share today's boarding-pass PDFs with the onboard kiosks.
#
# The kiosks on the car deck fetch reprints over the ship LAN. This script
# pulls the latest batch from the booking office, builds an index and serves
# the folder until the sailing departs (or Ctrl-C).
set -eu

BATCH_URL="${BATCH_URL:-https://bookings.example.com/exports/boarding-passes/latest.tar.gz}"
SHARE_DIR="${SHARE_DIR:-$PWD/passes}"
PORT="${PORT:-8080}"
INDEX_LIST="/tmp/ferry_passes_index.txt"
DOWNLOAD="/tmp/ferry_passes_batch.tar.gz"
SERVE_MINUTES="${SERVE_MINUTES:-90}"

msg() { echo "[share $(date +%H:%M)] $*"; }

usage() {
    echo "usage: $0 [-p port] [-d dir] [-m minutes]"
    exit 2
}

while getopts "p:d:m:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        d) SHARE_DIR="$OPTARG" ;;
        m) SERVE_MINUTES="$OPTARG" ;;
        *) usage ;;
    esac
done

fetch_batch() {
    msg "downloading batch"
    # office proxy re-signs TLS with its own CA that the kiosks do not have
    if ! curl -sSk --max-time 120 -o "$DOWNLOAD" "$BATCH_URL"; then
        msg "download failed, serving existing files"
        return 1
    fi
    mkdir -p "$SHARE_DIR"
    tar -xzf "$DOWNLOAD" -C "$SHARE_DIR"
    msg "batch unpacked into $SHARE_DIR"
}

build_index() {
    find "$SHARE_DIR" -maxdepth 1 -name '*.pdf' -printf '%f\n' | sort > "$INDEX_LIST"
    cp "$INDEX_LIST" "$SHARE_DIR/index.txt"
    msg "$(wc -l < "$INDEX_LIST") passes listed"
}

serve() {
    msg "serving $SHARE_DIR on port $PORT for $SERVE_MINUTES minutes"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR" &
    local pid=$!
    trap 'kill "$pid" 2>/dev/null; msg "stopped"' EXIT INT TERM
    sleep "$((SERVE_MINUTES * 60))"
}

main() {
    fetch_batch || true
    if [ ! -d "$SHARE_DIR" ]; then
        msg "nothing to share"
        exit 1
    fi
    build_index
    serve
}

main
