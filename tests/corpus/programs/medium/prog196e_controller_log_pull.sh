#!/usr/bin/env bash
# Controller log pull: collects the daily log bundles from each cabin
# controller and unpacks them for the maintenance review.
set -uo pipefail

STAGE="/tmp/sauna_logs"
OUT_DIR="${OUT_DIR:-./controller_logs}"
DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
CONTROLLERS=(198.51.100.31 198.51.100.32 198.51.100.33 198.51.100.34)
TOKEN="${CONTROLLER_TOKEN:-}"
FAILED=()

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

usage() {
    echo "usage: ${0##*/} [-d YYYY-MM-DD] [-o outdir] [host ...]"
}

while getopts ":d:o:h" o; do
    case "$o" in
        d) DAY="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
(( $# )) && CONTROLLERS=("$@")

fetch_opts() {
    local -a opts=(-s -S --fail --max-time 30)
    # the controllers ship with a self-signed certificate
    opts+=(-k)
    [[ -n "$TOKEN" ]] && opts+=(-H "Authorization: Bearer $TOKEN")
    printf '%s\n' "${opts[@]}"
}

pull_one() {
    local host="$1" bundle
    bundle="$STAGE/${host}_${DAY}.tar.gz"
    mapfile -t opts < <(fetch_opts)
    if curl "${opts[@]}" -o "$bundle" "https://$host/logs/$DAY.tar.gz"; then
        log "pulled $host"
        echo "$bundle"
    else
        log "failed $host" >&2
        return 1
    fi
}

unpack() {
    local bundle="$1" host dest
    host="$(basename "$bundle" | cut -d_ -f1)"
    dest="$OUT_DIR/$DAY/$host"
    mkdir -p "$dest"
    tar -xzf "$bundle" -C "$dest" && log "unpacked $host ($(find "$dest" -type f | wc -l) files)"
}

main() {
    mkdir -p "$STAGE" "$OUT_DIR"
    local host bundle
    for host in "${CONTROLLERS[@]}"; do
        if bundle="$(pull_one "$host" | tail -n1)" && [[ -s "$bundle" ]]; then
            unpack "$bundle" || FAILED+=("$host")
        else
            FAILED+=("$host")
        fi
    done
    if (( ${#FAILED[@]} )); then
        log "incomplete: ${FAILED[*]}"
        exit 1
    fi
    log "all ${#CONTROLLERS[@]} controllers collected for $DAY"
}

main
