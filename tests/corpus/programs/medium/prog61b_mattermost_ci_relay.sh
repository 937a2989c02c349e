#!/usr/bin/env bash
# Relay CI job results into the team's self-hosted Mattermost.
# Usage: mattermost_ci_relay.sh [-c channel_id] <job-name> <status>
# Needs MM_URL and MM_TOKEN (personal access token of the CI bot).
# The internal Mattermost uses a self-signed certificate.
set -euo pipefail

CHANNEL_ID="${MM_CHANNEL_ID:-}"
STATE_DIR="./.ci-relay"
LOG_FILE="${STATE_DIR}/relay.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
}

json_escape() {
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  printf '%s' "${s//$'\n'/\\n}"
}

icon_for() {
  case $1 in
    success|passed) echo ':white_check_mark:' ;;
    failed|error)   echo ':x:' ;;
    *)              echo ':grey_question:' ;;
  esac
}

build_message() {
  local job=$1 status=$2 commit
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  printf '%s CI job **%s** finished: `%s` (commit `%s`)' \
    "$(icon_for "$status")" "$job" "$status" "$commit"
}

post_message() {
  local text=$1 body
  body=$(printf '{"channel_id":"%s","message":"%s"}' "$CHANNEL_ID" "$(json_escape "$text")")
  curl --silent --show-error --insecure --max-time 15 \
      --output "${STATE_DIR}/last_response.json" --write-out '%{http_code}' \
      -H "Authorization: Bearer ${MM_TOKEN}" \
      -H 'Content-Type: application/json' \
      --data "$body" \
      "${MM_URL%/}/api/v4/posts"
}

while getopts ':c:h' opt; do
  case $opt in
    c) CHANNEL_ID=$OPTARG ;;
    h|*) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 2 ]] || usage
JOB=$1
STATUS=$2

: "${MM_URL:?MM_URL must be set}"
: "${MM_TOKEN:?MM_TOKEN must be set}"
[[ -n $CHANNEL_ID ]] || { echo "channel id missing" >&2; exit 64; }

mkdir -p "$STATE_DIR"

text=$(build_message "$JOB" "$STATUS")
for attempt in 1 2 3; do
  code=$(post_message "$text") || code=000
  if [[ $code == 201 ]]; then
    log "relayed $JOB=$STATUS on attempt $attempt"
    exit 0
  fi
  log "attempt $attempt failed with HTTP $code"
  sleep $((attempt * 2))
done
log "giving up on $JOB"
exit 1
