#!/usr/bin/env bash
# Give the weather console a stable device name and let the logger user
# open it without running the logger itself as root.
set -euo pipefail

RULE_DIR=/etc/udev/rules.d
RULE_NAME=${WX_RULE_NAME:-72-wxconsole.rules}
LINK_NAME=${WX_LINK:-wxconsole}
LOGGER_USER=${WX_USER:-${SUDO_USER:-$USER}}
GROUP=dialout

# vendor:product pairs for common console adapters
declare -A ADAPTERS=(
  [davis]="10c4:ea60"
  [ecowitt]="1a86:7523"
  [ftdi]="0403:6001"
)

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

detect() {
  local name pair
  for name in "${!ADAPTERS[@]}"; do
    pair=${ADAPTERS[$name]}
    if lsusb 2>/dev/null | grep -qi "ID $pair"; then
      echo "$name"
      return 0
    fi
  done
  return 1
}

render_rule() {
  local pair=$1 vid pid
  IFS=: read -r vid pid <<<"$pair"
  cat <<EOF
SUBSYSTEM=="tty", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", SYMLINK+="$LINK_NAME", GROUP="$GROUP", MODE="0660"
EOF
}

install_rule() {
  local model=$1 tmp
  tmp=$(mktemp)
  trap 'rm -f "$tmp"' EXIT
  render_rule "${ADAPTERS[$model]}" >"$tmp"
  as_root install -m 0644 -o root -g root "$tmp" "$RULE_DIR/$RULE_NAME"
  info "wrote $RULE_DIR/$RULE_NAME for $model"
}

grant_group() {
  if id -nG "$LOGGER_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    info "$LOGGER_USER already in $GROUP"
  else
    as_root usermod -aG "$GROUP" "$LOGGER_USER"
    info "added $LOGGER_USER to $GROUP (log out and back in)"
  fi
}

reload() {
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=tty
  sleep 1
  if [[ -e /dev/$LINK_NAME ]]; then
    info "/dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
  else
    info "/dev/$LINK_NAME not present yet; replug the console"
  fi
}

main() {
  local model=${1:-}
  if [[ -z $model ]]; then
    model=$(detect) || die "no known console adapter found; pass one of: ${!ADAPTERS[*]}"
  fi
  [[ -n ${ADAPTERS[$model]:-} ]] || die "unknown model $model"
  install_rule "$model"
  grant_group
  reload
}

main "$@"
