#!/bin/sh
# Open the ports the showroom needs: label printer (9100), sample browser (8443)
# and the stock scanner handhelds. Only the showroom subnet is allowed in.

set -eu

SHOWROOM_NET="${SHOWROOM_NET:-192.0.2.0/24}"
PRINTER_PORT=9100
BROWSER_PORT=8443
SCANNER_PORTS="5001 5002"
CHAIN="SHOWROOM"
DRY_RUN="${DRY_RUN:-0}"

run() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "+ $*"
    else
        sudo "$@"
    fi
}

chain_exists() {
    sudo iptables -n -L "$CHAIN" >/dev/null 2>&1
}

create_chain() {
    if chain_exists; then
        echo "chain $CHAIN present, refreshing rules"
        run iptables -F "$CHAIN"
    else
        run iptables -N "$CHAIN"
    fi
}

hook_chain() {
    if ! sudo iptables -C INPUT -s "$SHOWROOM_NET" -j "$CHAIN" 2>/dev/null; then
        run iptables -I INPUT 1 -s "$SHOWROOM_NET" -j "$CHAIN"
    fi
}

allow_port() {
    port="$1"
    proto="${2:-tcp}"
    run iptables -A "$CHAIN" -p "$proto" --dport "$port" -m conntrack --ctstate NEW -j ACCEPT
    echo "allowed $proto/$port from $SHOWROOM_NET"
}

add_rules() {
    allow_port "$PRINTER_PORT"
    allow_port "$BROWSER_PORT"
    for p in $SCANNER_PORTS; do
        allow_port "$p" udp
    done
    run iptables -A "$CHAIN" -j RETURN
}

save_rules() {
    if [ -d /etc/iptables ]; then
        if [ "$DRY_RUN" = "1" ]; then
            echo "+ iptables-save > /etc/iptables/rules.v4"
        else
            sudo sh -c 'iptables-save > /etc/iptables/rules.v4'
        fi
        echo "rules saved"
    else
        echo "no /etc/iptables, rules not persisted across reboot"
    fi
}

show() {
    sudo iptables -n -v -L "$CHAIN" --line-numbers
}

case "${1:-apply}" in
    apply)
        create_chain
        add_rules
        hook_chain
        save_rules
        show
        ;;
    show)
        show
        ;;
    *)
        echo "usage: $0 [apply|show]" >&2
        exit 1
        ;;
esac
