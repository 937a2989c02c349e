#!/usr/bin/env bash
# Open (or close again) TCP ports for the dev server so other machines in the
# lab subnet can reach it. Rules are tagged with a comment so they can be
# found and removed cleanly, and saved so they survive a reboot.
#
#   lab-ports open 8080 5173      # allow from LAB_SUBNET
#   lab-ports close 8080
#   lab-ports list
set -eu

LAB_SUBNET="${LAB_SUBNET:-192.168.50.0/24}"
TAG="lab-ports"
RULES_FILE="/etc/iptables/rules.v4"

usage() { echo "usage: $0 {open|close|list} [port...]" >&2; exit 2; }

valid_port() { [[ $1 =~ ^[0-9]+$ ]] && (( $1 >= 1 && $1 <= 65535 )); }

as_root() {
    if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

rule_spec() {
    # shared between -C, -I and -D so the rule text is always identical
    printf '%s\n' INPUT -p tcp -s "$LAB_SUBNET" --dport "$1" \
        -m conntrack --ctstate NEW -m comment --comment "$TAG:$1" -j ACCEPT
}

open_port() {
    local port=$1 spec
    mapfile -t spec < <(rule_spec "$port")
    if as_root iptables -C "${spec[@]}" 2>&1 | grep -q .; then
        # -C prints "Bad rule" when no matching rule exists yet
        as_root iptables -I "${spec[@]}"
        echo "opened $port/tcp for $LAB_SUBNET"
    else
        echo "$port/tcp already open"
    fi
}

close_port() {
    local port=$1 spec
    mapfile -t spec < <(rule_spec "$port")
    if as_root iptables -D "${spec[@]}"; then
        echo "closed $port/tcp"
    else
        echo "no rule for $port/tcp" >&2
    fi
}

list_ports() {
    as_root iptables -S INPUT | grep -- "--comment \"\?$TAG:" \
        | sed -E 's/.*--dport ([0-9]+).*/\1\/tcp/' | sort -n -u || true
}

persist() {
    as_root mkdir -p "$(dirname "$RULES_FILE")"
    as_root sh -c "iptables-save > '$RULES_FILE'"
    echo "saved rules to $RULES_FILE"
}

[[ $# -ge 1 ]] || usage
action=$1; shift
command -v iptables >&2 || { echo "iptables not found" >&2; exit 1; }

case "$action" in
    open|close)
        [[ $# -ge 1 ]] || usage
        for port in "$@"; do
            valid_port "$port" || { echo "bad port: $port" >&2; exit 2; }
            if [[ $action == open ]]; then open_port "$port"; else close_port "$port"; fi
        done
        persist
        ;;
    list)
        list_ports
        ;;
    *)
        usage
        ;;
esac
