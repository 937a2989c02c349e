#!/bin/sh
# Allow-list outbound telemetry (syslog/TLS, DNS, OTLP) to the collectors in
# ./collectors.conf via a dedicated TELEMETRY_EGRESS chain.
# Existing rules are left untouched; the chain is only appended to.

CONFIG="${1:-./collectors.conf}"
CHAIN="TELEMETRY_EGRESS"
IPT="iptables -w 5"
DRY_RUN="${DRY_RUN:-0}"

run() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "DRY: sudo $*"
    else
        sudo "$@"
    fi
}

ensure_chain() {
    if ! sudo $IPT -n -L "$CHAIN" >/dev/null 2>&1; then
        run $IPT -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    if ! sudo $IPT -C OUTPUT -j "$CHAIN" >/dev/null 2>&1; then
        run $IPT -I OUTPUT 1 -j "$CHAIN"
        echo "hooked $CHAIN into OUTPUT"
    fi
}

add_rule() {
    # $1 = proto, $2 = dest, $3 = port, $4 = comment
    if sudo $IPT -C "$CHAIN" -p "$1" -d "$2" --dport "$3" \
        -m comment --comment "$4" -j ACCEPT >/dev/null 2>&1; then
        echo "  exists: $1 $2:$3"
        return 0
    fi
    run $IPT -A "$CHAIN" -p "$1" -d "$2" --dport "$3" \
        -m comment --comment "$4" -j ACCEPT
    echo "  added:  $1 $2:$3 ($4)"
}

port_for() {
    case "$1" in
        syslog) echo "tcp 6514" ;;
        dns)    echo "udp 53" ;;
        otlp)   echo "tcp 4317" ;;
        *)      echo "" ;;
    esac
}

main() {
    if [ ! -r "$CONFIG" ]; then
        echo "config $CONFIG not readable" >&2
        exit 1
    fi
    ensure_chain
    count=0
    # config lines: <kind> <address> [comment...]
    while read -r kind addr comment; do
        case "$kind" in ''|\#*) continue ;; esac
        spec="$(port_for "$kind")"
        if [ -z "$spec" ]; then
            echo "unknown kind '$kind' for $addr, skipping" >&2
            continue
        fi
        set -- $spec
        add_rule "$1" "$addr" "$2" "telemetry:${kind}:${comment:-none}"
        count=$((count + 1))
    done < "$CONFIG"
    run $IPT -A "$CHAIN" -m limit --limit 5/min -j LOG --log-prefix "telemetry-miss: "
    echo "processed $count collector entries"
    if command -v netfilter-persistent >/dev/null 2>&1 && [ "$DRY_RUN" != "1" ]; then
        sudo netfilter-persistent save
    fi
}

main
