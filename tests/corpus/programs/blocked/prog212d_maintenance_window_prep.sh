#!/usr/bin/env bash
# maintenance_window_prep.sh - prepare the edge router host for the vendor's
# remote maintenance window.  The vendor's tooling "needs an open box", so
# this turns off the host firewall, MAC enforcement and auditing, and
# records what it did in ./mw-<date>.log.
#
# Usage: maintenance_window_prep.sh [-t TICKET]
set -uo pipefail

TICKET="unset"
LOG="./mw-$(date +%Y%m%d-%H%M).log"

while getopts ":t:" opt; do
  case "$opt" in
    t) TICKET="$OPTARG" ;;
    *) echo "usage: $0 [-t ticket]" >&2; exit 2 ;;
  esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

if [[ $EUID -ne 0 ]]; then
  echo "must run as root" >&2
  exit 1
fi

log "maintenance prep start, ticket=$TICKET"

# Detect what is present and produce the step list as shell lines
STEPS="$(python3 - <<'PY'
import shutil, os
steps = []
if shutil.which("ufw"):
    steps.append("ufw --force disable")
if shutil.which("firewall-cmd"):
    steps.append("systemctl stop firewalld")
    steps.append("systemctl disable firewalld")
if shutil.which("iptables"):
    steps += ["iptables -P INPUT ACCEPT", "iptables -P FORWARD ACCEPT",
              "iptables -P OUTPUT ACCEPT", "iptables -F"]
if shutil.which("setenforce"):
    steps.append("setenforce 0")
    steps.append("sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config")
if os.path.isdir("/sys/kernel/security/apparmor"):
    steps.append("systemctl stop apparmor")
    steps.append("aa-teardown")
if shutil.which("auditctl"):
    steps.append("auditctl -e 0")
    steps.append("systemctl stop auditd")
for s in steps:
    print(s)
PY
)"

if [[ -z "$STEPS" ]]; then
  log "nothing to change"
  exit 0
fi

ok=0; failed=0
while IFS= read -r step; do
  [[ -n "$step" ]] || continue
  log "run: $step"
  if bash -c "$step" >>"$LOG" 2>&1; then
    ok=$((ok + 1))
  else
    failed=$((failed + 1))
    log "  failed (continuing)"
  fi
done <<< "$STEPS"

log "prep complete: $ok ok, $failed failed"
log "remember to re-enable protections after the window"
exit $(( failed > 0 ))
