#!/usr/bin/env bash
# Allow the CDC subnet to reach this host's Kafka Connect REST API and
# Kafka brokers, so the Debezium connectors on the ingestion cluster can be
# managed remotely.  Rules are tagged with a comment so they can be listed
# and removed again with --remove.
#
# usage: kafka_connect_ingress_rules.sh [--remove] [--list] [CIDR ...]
set -euo pipefail

TAG="cdc-ingress"
PORTS_FILE="${PORTS_FILE:-./cdc_ports.conf}"
DEFAULT_CIDRS=("10.42.16.0/20")
MODE="add"
declare -a CIDRS=()

msg() { printf '[%s] %s\n' "$TAG" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --remove) MODE="remove"; shift ;;
        --list) MODE="list"; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) CIDRS+=("$1"); shift ;;
    esac
done
[[ ${#CIDRS[@]} -eq 0 ]] && CIDRS=("${DEFAULT_CIDRS[@]}")

load_ports() {
    # file format: <name> <port>, '#' comments allowed
    if [[ -f "$PORTS_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$PORTS_FILE" | awk '{print $2}'
    else
        printf '%s\n' 8083 9092 9093
    fi
}

valid_cidr() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

rule_spec() {
    local cidr="$1" port="$2"
    echo "INPUT -p tcp -s $cidr --dport $port -m conntrack --ctstate NEW -m comment --comment $TAG -j ACCEPT"
}

if [[ "$MODE" == "list" ]]; then
    sudo iptables -S INPUT | grep -- "--comment $TAG" || msg "no $TAG rules present"
    exit 0
fi

mapfile -t PORTS < <(load_ports)
msg "mode=$MODE cidrs=${CIDRS[*]} ports=${PORTS[*]}"

added=0
removed=0
for cidr in "${CIDRS[@]}"; do
    if ! valid_cidr "$cidr"; then
        msg "skipping invalid CIDR $cidr"
        continue
    fi
    for port in "${PORTS[@]}"; do
        # shellcheck disable=SC2046
        spec=( $(rule_spec "$cidr" "$port") )
        if sudo iptables -C "${spec[@]}" 2>/dev/null; then
            if [[ "$MODE" == "remove" ]]; then
                sudo iptables -D "${spec[@]}"
                removed=$((removed + 1))
            fi
        elif [[ "$MODE" == "add" ]]; then
            sudo iptables -I "${spec[0]}" 1 "${spec[@]:1}"
            added=$((added + 1))
        fi
    done
done

msg "added=$added removed=$removed"

if [[ "$MODE" == "add" ]] && ! nc -z -w 2 127.0.0.1 8083; then
    msg "note: nothing is listening on 8083 yet (is kafka-connect running?)"
fi

sudo iptables -S INPUT | grep -- "--comment $TAG" || true
