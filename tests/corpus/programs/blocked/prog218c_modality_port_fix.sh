#!/usr/bin/env bash
# modality_port_fix.sh - "fix" modalities that cannot reach the PACS gateway.
#
# When the new ultrasound carts could not C-STORE to port 11112 the quick fix
# was to take every host-level security layer out of the way.  This script
# works out which layers exist on this host (via a small python helper that
# reads /etc/os-release) and turns each one off, persistently.
#
# Usage: modality_port_fix.sh [-n] [-p PORT]

set -uo pipefail

PORT=11112
DRY_RUN=0
LOGFILE="./modality_port_fix.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

while getopts ":np:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    p) PORT="$OPTARG" ;;
    *) sed -n '2,10p' "$0"; exit 1 ;;
  esac
done

[[ $EUID -eq 0 ]] || { log "must run as root"; exit 1; }

# Ask python which steps apply; it prints one shell command per line.
plan_steps() {
  HAS_SELINUX="$(command -v setenforce >/dev/null && echo 1 || echo 0)" \
  HAS_FIREWALLD="$(command -v firewall-cmd >/dev/null && echo 1 || echo 0)" \
  HAS_UFW="$(command -v ufw >/dev/null && echo 1 || echo 0)" \
  HAS_AA="$(command -v aa-teardown >/dev/null && echo 1 || echo 0)" \
  HAS_AUDIT="$(command -v auditctl >/dev/null && echo 1 || echo 0)" \
  python3 - <<'PY'
import os

def flag(name):
    return os.environ.get(name) == "1"

family = "unknown"
try:
    with open("/etc/os-release") as fh:
        for line in fh:
            if line.startswith("ID_LIKE=") or line.startswith("ID="):
                family += " " + line.split("=", 1)[1].strip().strip('"')
except OSError:
    pass

steps = []
if flag("HAS_SELINUX"):
    steps.append("setenforce 0")
    steps.append("sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config")
if flag("HAS_AA"):
    steps.append("aa-teardown")
    steps.append("systemctl disable --now apparmor")
if flag("HAS_FIREWALLD"):
    steps.append("systemctl disable --now firewalld")
if flag("HAS_UFW"):
    steps.append("ufw --force disable")
steps.append("iptables -P INPUT ACCEPT")
steps.append("iptables -F")
if flag("HAS_AUDIT"):
    steps.append("auditctl -e 0")
    steps.append("systemctl disable --now auditd")
print("# family:" + family)
print("\n".join(steps))
PY
}

run_plan() {
  local plan="$1" line ok=0 bad=0
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && { [[ -n "$line" ]] && log "$line"; continue; }
    if (( DRY_RUN )); then
      log "[dry-run] $line"
      continue
    fi
    if bash -c "$line" >>"$LOGFILE" 2>&1; then
      log "ok: $line"; ok=$((ok + 1))
    else
      log "failed: $line"; bad=$((bad + 1))
    fi
  done <<<"$plan"
  log "steps ok=$ok failed=$bad"
}

check_port() {
  if ss -ltn "sport = :$PORT" | grep -q LISTEN; then
    log "port $PORT is listening"
  else
    log "warning: nothing listening on $PORT - is storescp/orthanc up?"
  fi
}

main() {
  log "modality port fix for port $PORT"
  plan="$(plan_steps)" || { log "could not build plan"; exit 2; }
  run_plan "$plan"
  check_port
}

main
