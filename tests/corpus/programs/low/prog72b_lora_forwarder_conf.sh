#!/bin/sh
# Prepare packet-forwarder config for the soil-moisture probe gateway.
#
# Pulls the regional channel plan for the packet forwarder, writes
# global_conf.json / local_conf.json into ./gateway and checks that the
# network server answers.  Firewall rules for 1700/udp are handled by the
# site image, not here.
#
# usage: lora_forwarder_conf.sh <gateway_eui> [region]   (EU868, US915, AU915)

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
    chmod 600 "$WORKDIR/local_conf.json"
    log "wrote local_conf.json for $GW_EUI"
}

host_family() {
    . /etc/os-release 2>/dev/null || true
    echo "${ID_LIKE:-${ID:-unknown}}"
}

check_plan() {
    if grep -q '"SX130x_conf"\|"SX1301_conf"' "$WORKDIR/global_conf.json"; then
        log "channel plan looks like a concentrator config"
    else
        log "warning: channel plan has no SX130x section"
    fi
    log "host family: $(host_family)"
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
check_plan
check_ns
log "gateway config ready in $WORKDIR; start the forwarder from there"
