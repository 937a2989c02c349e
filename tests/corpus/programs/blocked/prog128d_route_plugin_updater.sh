#!/usr/bin/env bash
# route-plugins: keep the milk round planner's optional plugins current.
#
# The planner loads extra stop-ordering rules (school-run avoidance, bin-day
# streets, one-way systems) from small plugin scripts.  The plugin index lists
# name, version, url and checksum; this script refreshes the local copies and
# re-registers each plugin with the planner.
#
# Usage: route_plugin_updater.sh [-n] [-i INDEX_URL]
set -euo pipefail

PLANNER_HOME="${PLANNER_HOME:-$HOME/.local/share/round-planner}"
INDEX_URL="${PLUGIN_INDEX_URL:-https://plugins.roundplanner.example.com/v2/index.txt}"
CACHE_DIR="$PLANNER_HOME/plugins"
STATE_FILE="$PLANNER_HOME/plugins.state"
DRY_RUN=0

log()  { printf '%s [plugins] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts ":ni:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        i) INDEX_URL="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

command -v wget >/dev/null 2>&1 || die "wget is required"
mkdir -p "$CACHE_DIR"
touch "$STATE_FILE"

fetch() {
    # fetch URL DEST -- three attempts, 20s each
    local url="$1" dest="$2"
    wget --quiet --tries=3 --timeout=20 --output-document="$dest.part" "$url" \
        && mv -f "$dest.part" "$dest"
}

installed_version() {
    awk -v n="$1" '$1 == n { print $2 }' "$STATE_FILE"
}

record_version() {
    local name="$1" version="$2" tmp
    tmp="$(mktemp "$PLANNER_HOME/.state.XXXXXX")"
    awk -v n="$name" '$1 != n' "$STATE_FILE" > "$tmp"
    printf '%s %s\n' "$name" "$version" >> "$tmp"
    mv -f "$tmp" "$STATE_FILE"
}

activate() {
    # Each plugin registers its rules with the planner when sourced.
    local script="$1"
    ROUND_PLANNER_HOME="$PLANNER_HOME" bash "$script" --register
}

index_file="$CACHE_DIR/index.txt"
log "refreshing index from $INDEX_URL"
fetch "$INDEX_URL" "$index_file" || die "could not download plugin index"

updated=0
while read -r name version url checksum; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    current="$(installed_version "$name")"
    if [[ "$current" == "$version" ]]; then
        log "$name $version up to date"
        continue
    fi
    target="$CACHE_DIR/$name.sh"
    log "updating $name ${current:-none} -> $version"
    if ! fetch "$url" "$target"; then
        log "download failed for $name, keeping previous copy"
        continue
    fi
    got="$(sha256sum "$target" | cut -d' ' -f1)"
    if [[ -n "$checksum" && "$got" != "$checksum" ]]; then
        log "checksum mismatch for $name (index $checksum, got $got)"
        rm -f "$target"
        continue
    fi
    if (( DRY_RUN )); then
        log "dry run: would activate $name"
        continue
    fi
    activate "$target" || { log "$name failed to register"; continue; }
    record_version "$name" "$version"
    updated=$((updated + 1))
done < "$index_file"

log "done, $updated plugin(s) updated"
