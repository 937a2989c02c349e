#!/usr/bin/env bash
# print station setup: gets the shop PC talking to the vinyl cutter and the
# wide-format printer we use for boat-name stencils and proof sheets.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-stencil_wide}"
PRINTER_HOST="${PRINTER_HOST:-192.0.2.40}"
PRINTER_ALIAS="stencil-printer.example.com"
SHOP_USER="${SUDO_USER:-${USER}}"

declare -a AS_ROOT=(sudo)
[[ $EUID -eq 0 ]] && AS_ROOT=()

info() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

root() { "${AS_ROOT[@]}" "$@"; }

ensure_packages() {
  local -a pkgs=(cups cups-client printer-driver-gutenprint)
  local missing=()
  for p in "${pkgs[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if (( ${#missing[@]} )); then
    info "installing: ${missing[*]}"
    root apt-get install -y "${missing[@]}"
  fi
}

pin_host() {
  local line="${PRINTER_HOST} ${PRINTER_ALIAS}"
  if ! grep -qF "$PRINTER_ALIAS" /etc/hosts; then
    info "adding ${PRINTER_ALIAS} to /etc/hosts"
    printf '%s\n' "$line" | root tee -a /etc/hosts >/dev/null
  fi
}

write_cups_conf() {
  local snippet
  snippet="$(cat <<EOF
# shop printers
Browsing Off
DefaultPaperSize A3
MaxJobs 50
EOF
)"
  info "writing cups settings"
  root install -d -m 0755 /etc/cups/cupsd.conf.d
  printf '%s\n' "$snippet" | root tee /etc/cups/cupsd.conf.d/shop.conf >/dev/null
}

add_queue() {
  if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
    info "queue ${PRINTER_NAME} already present"
    return 0
  fi
  root lpadmin -p "$PRINTER_NAME" -E -v "ipp://${PRINTER_ALIAS}/ipp/print" -m everywhere
  root lpoptions -d "$PRINTER_NAME"
}

grant_user() {
  id -nG "$SHOP_USER" | grep -qw lpadmin && return 0
  info "adding ${SHOP_USER} to lpadmin"
  root usermod -aG lpadmin "$SHOP_USER"
}

restart_cups() {
  root systemctl enable cups
  root systemctl restart cups
}

STEPS=(ensure_packages pin_host write_cups_conf restart_cups add_queue grant_user)

main() {
  [[ "${1:-}" == "-h" ]] && { echo "Usage: ${0##*/} [-h]"; exit 0; }
  command -v lpstat >/dev/null || info "cups client tools not found yet"
  for step in "${STEPS[@]}"; do
    info "step: ${step}"
    "$step" || die "step ${step} failed"
  done
  info "print station ready: ${PRINTER_NAME} -> ${PRINTER_HOST}"
}

main "$@"
