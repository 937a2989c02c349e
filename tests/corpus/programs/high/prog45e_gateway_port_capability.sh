#!/usr/bin/env bash
# Build the API gateway and let it bind :80/:443 without running as root.
# Instead of a setuid wrapper we give the binary the single capability it
# needs (CAP_NET_BIND_SERVICE). The capability is dropped again by any
# rebuild, so `make run-gateway` calls this script after every build.
#
# On desktops the privileged step goes through polkit (pkexec) so the
# developer gets the graphical password prompt.
set -euo pipefail

BIN_DIR="${BIN_DIR:-bin}"
BINARY="$BIN_DIR/gateway"
PKG="${PKG:-./cmd/gateway}"
CAPS="cap_net_bind_service=+ep"
GOFLAGS_EXTRA=(-trimpath -ldflags "-s -w -X main.version=$(git describe --always --dirty)")

log() { printf '[gateway-caps] %s\n' "$*"; }

elevate() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -n "$(command -v pkexec)" ]]; then
    pkexec "$@"
  else
    sudo "$@"
  fi
}

find_tool() {
  local name="$1" p
  for p in "$(command -v "$name" || true)" "/usr/sbin/$name" "/sbin/$name"; do
    [[ -n "$p" && -x "$p" ]] && { echo "$p"; return 0; }
  done
  return 1
}

build() {
  mkdir -p "$BIN_DIR"
  log "building $PKG"
  CGO_ENABLED=0 go build "${GOFLAGS_EXTRA[@]}" -o "$BINARY" "$PKG"
}

has_caps() {
  local getcap_bin="$1"
  "$getcap_bin" "$BINARY" | grep -q 'cap_net_bind_service'
}

grant() {
  local setcap_bin getcap_bin abs
  setcap_bin=$(find_tool setcap) || { log "setcap not found (install libcap2-bin)"; exit 1; }
  getcap_bin=$(find_tool getcap) || getcap_bin=""
  abs=$(readlink -f "$BINARY")

  case "$abs" in
    /home/*|"$PWD"/*) ;;
    *) log "refusing to touch binary outside the workspace: $abs"; exit 1 ;;
  esac

  if [[ -n "$getcap_bin" ]] && has_caps "$getcap_bin"; then
    log "capability already present"
    return 0
  fi
  log "granting $CAPS to $abs"
  elevate "$setcap_bin" "$CAPS" "$abs"
  if [[ -n "$getcap_bin" ]]; then
    "$getcap_bin" "$abs"
  fi
}

run() {
  local listen="${LISTEN:-:443}"
  log "starting gateway on $listen"
  exec "$BINARY" --listen "$listen" --config "${GATEWAY_CONFIG:-config/gateway.yaml}"
}

case "${1:-all}" in
  build) build ;;
  grant) grant ;;
  run)   grant; run ;;
  all)   build; grant ;;
  *)     echo "usage: $0 [build|grant|run|all]" >&2; exit 2 ;;
esac
