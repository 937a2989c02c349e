#!/usr/bin/env bash
# ci-status-notify.sh - final step of the CI job: report the job outcome to
# the internal build dashboard API. The API token comes from the CI
# environment and is only ever sent to the dashboard API itself.
set -uo pipefail

PROG=${0##*/}
API_URL=${DASHBOARD_API_URL:-https://builds.example.internal/api/v2}
RESULT=${1:-${CI_JOB_STATUS:-unknown}}
STARTED_AT=${CI_JOB_STARTED_AT:-}
RETRIES=3
REPORT_DIR=./ci-output

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }

os_pretty_name() {
  local name=unknown
  if [[ -r /etc/os-release ]]; then
    name=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release | tr -d '"')
    [[ -n $name ]] || name=unknown
  fi
  printf '%s' "$name"
}

duration_seconds() {
  if [[ -n $STARTED_AT ]]; then
    local start now
    start=$(date -d "$STARTED_AT" +%s 2>/dev/null) || { echo 0; return; }
    now=$(date +%s)
    echo $((now - start))
  else
    echo 0
  fi
}

cpu_count() {
  grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1
}

build_payload() {
  jq -n \
    --arg project  "${CI_PROJECT_PATH:-$(basename "$PWD")}" \
    --arg pipeline "${CI_PIPELINE_ID:-local}" \
    --arg job      "${CI_JOB_NAME:-manual}" \
    --arg ref      "${CI_COMMIT_REF_NAME:-$(git rev-parse --abbrev-ref HEAD 2>/dev/null)}" \
    --arg sha      "${CI_COMMIT_SHA:-$(git rev-parse HEAD 2>/dev/null)}" \
    --arg result   "$RESULT" \
    --arg os       "$(os_pretty_name)" \
    --argjson cpus "$(cpu_count)" \
    --argjson secs "$(duration_seconds)" \
    '{project: $project, pipeline: $pipeline, job: $job, ref: $ref,
      commit: $sha, result: $result,
      runner: {os: $os, cpus: $cpus}, duration_seconds: $secs}'
}

post_status() {
  local payload=$1 attempt=1 code
  while (( attempt <= RETRIES )); do
    code=$(curl -sS -o "$REPORT_DIR/status-response.json" -w '%{http_code}' \
      --max-time 15 \
      -H "Authorization: Bearer ${DASHBOARD_API_TOKEN}" \
      -H 'Content-Type: application/json' \
      --data "$payload" \
      "$API_URL/job-status") || code=000
    if [[ $code == 2* ]]; then
      log "status '$RESULT' recorded (HTTP $code)"
      return 0
    fi
    log "attempt $attempt failed with HTTP $code"
    sleep $((attempt * 2))
    attempt=$((attempt + 1))
  done
  return 1
}

main() {
  if [[ -z ${DASHBOARD_API_TOKEN:-} ]]; then
    log "DASHBOARD_API_TOKEN not set; skipping status report"
    exit 0
  fi
  command -v jq >/dev/null || { log "jq is required"; exit 1; }
  mkdir -p "$REPORT_DIR"
  local payload
  payload=$(build_payload) || { log "could not build payload"; exit 1; }
  printf '%s\n' "$payload" > "$REPORT_DIR/status-payload.json"
  chmod 0600 "$REPORT_DIR/status-payload.json"
  # reporting must never fail the pipeline
  post_status "$payload" || log "giving up on status report"
  exit 0
}

main "$@"
