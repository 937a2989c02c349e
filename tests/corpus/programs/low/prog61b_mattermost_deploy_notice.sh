#!/usr/bin/env bash
# Announce a deployment in a Mattermost channel.
# Usage: mattermost_deploy_notice.sh [-c channel_id] [-e environment] <version>
# Needs MM_URL and MM_TOKEN (personal access token of the deploy bot).
set -euo pipefail

CHANNEL_ID="${MM_CHANNEL_ID:-}"
ENVIRONMENT="staging"
STATE_DIR="./.deploy-notice"
LOG_FILE="${STATE_DIR}/notices.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
}

json_escape() {
  # minimal escaping for quotes, backslashes and newlines
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  printf '%s' "${s//$'\n'/\\n}"
}

build_message() {
  local version=$1 commit author
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  author=$(git log -1 --format='%an' 2>/dev/null || echo unknown)
  printf ':rocket: **%s** deployed to `%s`\ncommit `%s` by %s' \
    "$version" "$ENVIRONMENT" "$commit" "$author"
}

post_message() {
  local text=$1 body status
  body=$(printf '{"channel_id":"%s","message":"%s"}' "$CHANNEL_ID" "$(json_escape "$text")")
  status=$(curl --silent --show-error --max-time 15 \
      --output "${STATE_DIR}/last_response.json" --write-out '%{http_code}' \
      -H "Authorization: Bearer ${MM_TOKEN}" \
      -H 'Content-Type: application/json' \
      --data "$body" \
      "${MM_URL%/}/api/v4/posts")
  echo "$status"
}

while getopts ':c:e:h' opt; do
  case $opt in
    c) CHANNEL_ID=$OPTARG ;;
    e) ENVIRONMENT=$OPTARG ;;
    h|*) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage
VERSION=$1

: "${MM_URL:?MM_URL must be set}"
: "${MM_TOKEN:?MM_TOKEN must be set}"
[[ -n $CHANNEL_ID ]] || { echo "channel id missing" >&2; exit 64; }

mkdir -p "$STATE_DIR"
chmod 0700 "$STATE_DIR"

text=$(build_message "$VERSION")
for attempt in 1 2 3; do
  code=$(post_message "$text") || code=000
  if [[ $code == 201 ]]; then
    log "announced $VERSION ($ENVIRONMENT) on attempt $attempt"
    rm -f "${STATE_DIR}/last_response.json"
    exit 0
  fi
  log "attempt $attempt failed with HTTP $code"
  sleep $((attempt * 2))
done
log "giving up on $VERSION"
exit 1
