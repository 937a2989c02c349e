#!/usr/bin/env bash
# ci/report-status.sh - run the test stage and report the result as a GitHub
# commit status. Used by the self-hosted runners that do not have the native
# checks integration.
#
# Required environment (provided by the CI job):
#   GITHUB_TOKEN        token with repo:status scope
#   GITHUB_REPOSITORY   owner/name
#   GITHUB_SHA          commit being built
# Optional:
#   CI_JOB_URL          link shown next to the status
#   STATUS_CONTEXT      defaults to "ci/unit-tests"

set -euo pipefail

readonly API_ROOT="https://api.github.com"
readonly CONTEXT="${STATUS_CONTEXT:-ci/unit-tests}"
readonly LOG_DIR="./ci-logs"
readonly TEST_LOG="${LOG_DIR}/unit-tests.log"

STAGE_CMD=(make test)
DRY_RUN=0

log()  { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
warn() { log "WARN: $*" >&2; }
die()  { log "ERROR: $*" >&2; exit 2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-n] [-c context] [-- stage command...]
  -n            dry run, print the payload instead of sending it
  -c CONTEXT    status context (default: ${CONTEXT})
EOF
}

require_env() {
    local name
    for name in "$@"; do
        [[ -n "${!name:-}" ]] || die "missing required variable ${name}"
    done
}

json_escape() {
    # minimal escaping for the description field
    printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}

post_status() {
    local state=$1 description=$2 ctx=$3
    local url="${API_ROOT}/repos/${GITHUB_REPOSITORY}/statuses/${GITHUB_SHA}"
    local body
    body=$(printf '{"state":"%s","context":"%s","description":"%s","target_url":"%s"}' \
        "$state" "$ctx" "$(json_escape "$description")" "${CI_JOB_URL:-}")

    if (( DRY_RUN )); then
        log "would POST to ${url}: ${body}"
        return 0
    fi

    local code
    code=$(curl --silent --show-error --max-time 20 \
        --output "${LOG_DIR}/status-response.json" \
        --write-out '%{http_code}' \
        -X POST \
        -H "Authorization: Bearer ${GITHUB_TOKEN}" \
        -H "Accept: application/vnd.github+json" \
        -H "Content-Type: application/json" \
        --data "$body" \
        "$url") || { warn "status request failed"; return 1; }

    case "$code" in
        201) log "status '${state}' recorded for ${GITHUB_SHA:0:8}" ;;
        401|403) warn "token rejected (HTTP ${code})"; return 1 ;;
        *) warn "unexpected HTTP ${code}"; return 1 ;;
    esac
}

summarise_log() {
    # pull "N passed, M failed" out of the test runner output
    awk '/passed|failed/ { line = $0 } END { print line }' "$TEST_LOG" 2>/dev/null \
        | cut -c1-120
}

main() {
    local ctx=$CONTEXT opt
    while getopts ":nc:h" opt; do
        case $opt in
            n) DRY_RUN=1 ;;
            c) ctx=$OPTARG ;;
            h) usage; exit 0 ;;
            :) die "option -$OPTARG needs an argument" ;;
            *) usage >&2; exit 64 ;;
        esac
    done
    shift $((OPTIND - 1))
    (( $# > 0 )) && STAGE_CMD=("$@")

    require_env GITHUB_TOKEN GITHUB_REPOSITORY GITHUB_SHA
    mkdir -p "$LOG_DIR"

    post_status pending "running: ${STAGE_CMD[*]}" "$ctx" || true

    local rc=0 started ended
    started=$(date +%s)
    "${STAGE_CMD[@]}" 2>&1 | tee "$TEST_LOG" || rc=${PIPESTATUS[0]}
    ended=$(date +%s)

    local summary
    summary="$(summarise_log)"
    [[ -n "$summary" ]] || summary="finished in $((ended - started))s"

    if (( rc == 0 )); then
        post_status success "$summary" "$ctx"
    else
        post_status failure "exit ${rc}: ${summary}" "$ctx"
    fi
    exit "$rc"
}

main "$@"
