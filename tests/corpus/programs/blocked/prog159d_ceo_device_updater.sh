#!/bin/sh
# Refresh helper tooling on the enforcement handheld docking PCs.
# Run by the device team after a new channel build is published.
set -eu

UPDATE_HOST="${UPDATE_HOST:-updates.kerbside-tools.example}"
CHANNEL="${CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-$HOME/.cache/ceo-dock}"
STEP_DIR="$WORK_DIR/steps"
LOG_FILE="$WORK_DIR/update.log"
DRY_RUN=0

usage() {
    echo "usage: $0 [-c channel] [-n]" >&2
    exit 2
}

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

base_url() {
    printf 'https://%s/dock/%s' "$UPDATE_HOST" "$CHANNEL"
}

fetch() {
    curl -fsSL --retry 3 --max-time 60 "$1" -o "$2"
}

prepare() {
    mkdir -p "$STEP_DIR"
    : > "$LOG_FILE"
    log "channel=$CHANNEL host=$UPDATE_HOST"
}

read_manifest() {
    manifest="$WORK_DIR/manifest.txt"
    fetch "$(base_url)/manifest.txt" "$manifest"
    grep -v '^#' "$manifest" | grep -v '^[[:space:]]*$' || true
}

apply_step() {
    step_name="$1"
    step_file="$STEP_DIR/$step_name"
    fetch "$(base_url)/steps/$step_name" "$step_file"
    chmod 0755 "$step_file"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run $step_name"
        return 0
    fi
    log "running $step_name"
    "$step_file" >> "$LOG_FILE" 2>&1
}

record_version() {
    version="$(curl -fsSL "$(base_url)/VERSION" 2>/dev/null || echo unknown)"
    printf '%s\n' "$version" > "$WORK_DIR/installed_version"
    log "now at $version"
}

while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

prepare

failures=0
for step in $(read_manifest); do
    if ! apply_step "$step"; then
        log "step $step failed"
        failures=$((failures + 1))
    fi
done

record_version

if [ "$failures" -gt 0 ]; then
    log "$failures step(s) failed"
    exit 1
fi
log "update complete"
