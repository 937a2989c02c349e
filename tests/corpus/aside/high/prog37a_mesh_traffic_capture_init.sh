#!/bin/bash
# mesh-init: init container that captures pod traffic into the sidecar proxy.
#
# Runs with NET_ADMIN/NET_RAW in the pod network namespace before the app
# starts. Inbound TCP is redirected to the proxy's inbound listener, outbound
# TCP to its outbound listener, except traffic from the proxy's own uid and
# ports/CIDRs excluded through pod annotations (passed as env by the injector).
set -euo pipefail

PROXY_UID="${PROXY_UID:-1337}"
PROXY_GID="${PROXY_GID:-1337}"
INBOUND_PORT="${INBOUND_CAPTURE_PORT:-15006}"
OUTBOUND_PORT="${OUTBOUND_CAPTURE_PORT:-15001}"
INCLUDE_INBOUND_PORTS="${INCLUDE_INBOUND_PORTS:-*}"
EXCLUDE_INBOUND_PORTS="${EXCLUDE_INBOUND_PORTS:-15020,15021,15090}"
EXCLUDE_OUTBOUND_CIDRS="${EXCLUDE_OUTBOUND_CIDRS:-169.254.169.254/32}"
EXCLUDE_OUTBOUND_PORTS="${EXCLUDE_OUTBOUND_PORTS:-}"
DRY_RUN="${DRY_RUN:-false}"
RULES_DIR="/run/mesh-init"
RULES_FILE="${RULES_DIR}/nat.rules"

log() { echo "mesh-init: $*" >&2; }

split_csv() { tr ',' '\n' <<<"$1" | sed '/^$/d'; }

emit_rules() {
    echo "*nat"
    echo ":MESH_INBOUND - [0:0]"
    echo ":MESH_IN_REDIRECT - [0:0]"
    echo ":MESH_OUTPUT - [0:0]"
    echo ":MESH_REDIRECT - [0:0]"

    echo "-A MESH_IN_REDIRECT -p tcp -j REDIRECT --to-ports ${INBOUND_PORT}"
    echo "-A MESH_REDIRECT -p tcp -j REDIRECT --to-ports ${OUTBOUND_PORT}"

    local port
    while read -r port; do
        echo "-A MESH_INBOUND -p tcp --dport ${port} -j RETURN"
    done < <(split_csv "$EXCLUDE_INBOUND_PORTS")

    if [[ "$INCLUDE_INBOUND_PORTS" == "*" ]]; then
        echo "-A MESH_INBOUND -p tcp -j MESH_IN_REDIRECT"
    else
        while read -r port; do
            echo "-A MESH_INBOUND -p tcp --dport ${port} -j MESH_IN_REDIRECT"
        done < <(split_csv "$INCLUDE_INBOUND_PORTS")
    fi
    echo "-A PREROUTING -p tcp -j MESH_INBOUND"

    # proxy's own traffic and loopback go straight out
    echo "-A MESH_OUTPUT -m owner --uid-owner ${PROXY_UID} -j RETURN"
    echo "-A MESH_OUTPUT -m owner --gid-owner ${PROXY_GID} -j RETURN"
    echo "-A MESH_OUTPUT -o lo ! -d 127.0.0.1/32 -m owner --uid-owner ${PROXY_UID} -j MESH_IN_REDIRECT"
    echo "-A MESH_OUTPUT -d 127.0.0.1/32 -j RETURN"

    local cidr
    while read -r cidr; do
        echo "-A MESH_OUTPUT -d ${cidr} -j RETURN"
    done < <(split_csv "$EXCLUDE_OUTBOUND_CIDRS")
    while read -r port; do
        echo "-A MESH_OUTPUT -p tcp --dport ${port} -j RETURN"
    done < <(split_csv "$EXCLUDE_OUTBOUND_PORTS")

    echo "-A MESH_OUTPUT -j MESH_REDIRECT"
    echo "-A OUTPUT -p tcp -j MESH_OUTPUT"
    echo "COMMIT"
}

already_applied() {
    iptables -t nat -S MESH_INBOUND >/dev/null 2>&1
}

main() {
    mkdir -p "$RULES_DIR"
    emit_rules > "$RULES_FILE"
    log "generated $(grep -c '^-A' "$RULES_FILE") rules"

    if [[ "$DRY_RUN" == "true" ]]; then
        cat "$RULES_FILE"
        exit 0
    fi

    if already_applied; then
        log "capture chains already present (container restart), nothing to do"
        exit 0
    fi

    # needed so REDIRECT to 127.0.0.1 works for traffic arriving on eth0
    sysctl -w net.ipv4.conf.all.route_localnet=1 >/dev/null

    iptables-restore --noflush < "$RULES_FILE"
    log "traffic capture installed: inbound->${INBOUND_PORT} outbound->${OUTBOUND_PORT}"
    iptables -t nat -L MESH_OUTPUT -n --line-numbers | head -n 20 >&2 || true
}

main "$@"
