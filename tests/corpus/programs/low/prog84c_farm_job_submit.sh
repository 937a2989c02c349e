#!/usr/bin/env bash
# farm_job_submit.sh - submit a Nuke/Houdini render to the farm intake API.
#
# Usage: farm_job_submit.sh [-p priority] [-c chunk] [-g group] SCENE FRAMES
#   SCENE   path to .nk / .hip relative to the show root
#   FRAMES  frame range, e.g. 1001-1120
#
# Reads FARM_API_URL and FARM_API_TOKEN from the environment (set by the
# show launcher). Writes the submitted job spec next to the scene as
# <scene>.job.json so the artist can resubmit it later.
set -euo pipefail

PROG=$(basename "$0")
FARM_API_URL=${FARM_API_URL:-https://farm.studio.example.com/api/v2}
PRIORITY=50
CHUNK=10
GROUP="cpu-general"
DRY_RUN=0

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":p:c:g:nh" opt; do
    case $opt in
        p) PRIORITY=$OPTARG ;;
        c) CHUNK=$OPTARG ;;
        g) GROUP=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 2 ]] || usage 1

SCENE=$1
FRAMES=$2
[[ -f $SCENE ]] || die "scene not found: $SCENE"
[[ $FRAMES =~ ^[0-9]+-[0-9]+$ ]] || die "bad frame range: $FRAMES"
[[ -n ${FARM_API_TOKEN:-} ]] || die "FARM_API_TOKEN is not set"
command -v jq >/dev/null || die "jq is required"

case ${SCENE##*.} in
    nk)  PLUGIN=nuke ;;
    hip|hipnc) PLUGIN=houdini ;;
    *)   die "unsupported scene type: ${SCENE##*.}" ;;
esac

build_job_spec() {
    jq -n \
        --arg name "$(basename "$SCENE") ${FRAMES}" \
        --arg scene "$SCENE" \
        --arg plugin "$PLUGIN" \
        --arg frames "$FRAMES" \
        --arg group "$GROUP" \
        --arg user "${USER:-unknown}" \
        --arg show "${SHOW:-}" \
        --arg ocio "${OCIO:-}" \
        --argjson priority "$PRIORITY" \
        --argjson chunk "$CHUNK" \
        '{
            name: $name, plugin: $plugin, scene: $scene, frames: $frames,
            chunk_size: $chunk, priority: $priority, group: $group,
            submitter: $user,
            env: { SHOW: $show, OCIO: $ocio }
        }'
}

SPEC_FILE="${SCENE}.job.json"
build_job_spec > "$SPEC_FILE"
log "job spec written to $SPEC_FILE"

if (( DRY_RUN )); then
    cat "$SPEC_FILE"
    exit 0
fi

attempt=0
until (( attempt >= 3 )); do
    attempt=$((attempt + 1))
    if response=$(curl -sS --fail --max-time 30 \
            -H "Authorization: Bearer ${FARM_API_TOKEN}" \
            -H "Content-Type: application/json" \
            --data @"$SPEC_FILE" \
            "${FARM_API_URL}/jobs"); then
        job_id=$(jq -r '.id // empty' <<<"$response")
        log "submitted job ${job_id:-?} (${FRAMES}, chunk ${CHUNK}, prio ${PRIORITY})"
        exit 0
    fi
    log "submit attempt $attempt failed, retrying"
    sleep $((attempt * 5))
done
die "could not reach farm API at $FARM_API_URL"
