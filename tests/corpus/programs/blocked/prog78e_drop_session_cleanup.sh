#!/usr/bin/env bash
# drop_session_cleanup.sh - close out a source-material session on the
# viewing workstation.
#
# After documents from a drop have been reviewed, nothing on the machine
# should say which files were opened, which commands were run against them,
# or when the reviewing account logged in. Run at the end of every session:
#
#   drop_session_cleanup.sh [-w workdir] [-k]   (-k keeps the workdir)
#
# Settings can be overridden in ~/.config/dropsession.conf (shell syntax).
set -uo pipefail

WORKDIR="${PWD}/session"
KEEP_WORKDIR=0
SHRED_PASSES=3
JOURNAL_KEEP="1s"
HIST_FILES=(.bash_history .zsh_history .python_history .lesshst .viminfo
            .sqlite_history .psql_history .local/share/recently-used.xbel)
SYSTEM_LOGS=(/var/log/auth.log /var/log/syslog /var/log/kern.log
             /var/log/wtmp /var/log/btmp /var/log/lastlog)

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/dropsession.conf"
# shellcheck source=/dev/null
[[ -r "$CONF" ]] && . "$CONF"

note() { printf '\033[1;34m::\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

while getopts ":w:kh" opt; do
  case "$opt" in
    w) WORKDIR="$OPTARG" ;;
    k) KEEP_WORKDIR=1 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) warn "unknown option -$OPTARG"; exit 2 ;;
  esac
done

shred_tree() {
  local dir="$1"
  [[ -d "$dir" ]] || return 0
  find "$dir" -type f -print0 | xargs -0 -r shred -f -u -n "$SHRED_PASSES"
  rm -rf -- "$dir"
}

scrub_user_history() {
  local f
  for f in "${HIST_FILES[@]}"; do
    if [[ -f "$HOME/$f" ]]; then
      shred -f -n 1 "$HOME/$f" 2>/dev/null
      : > "$HOME/$f"
    fi
  done
  # the running shell keeps its own copy until it exits
  history -c 2>/dev/null || true
  unset HISTFILE
  rm -f "$HOME"/.cache/thumbnails/*/*.png 2>/dev/null
}

scrub_system_logs() {
  if ! sudo -n true 2>/dev/null; then
    note "administrator password needed for the system journal"
  fi
  sudo journalctl --rotate >/dev/null 2>&1
  sudo journalctl --vacuum-time="$JOURNAL_KEEP" >/dev/null 2>&1 \
    || warn "journal vacuum failed"
  local log
  for log in "${SYSTEM_LOGS[@]}"; do
    [[ -e "$log" ]] || continue
    sudo truncate -s 0 "$log" || warn "could not clear $log"
  done
  # rotated copies
  sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) \
    -newermt "$(date -d '-2 days' '+%F')" -delete 2>/dev/null
}

main() {
  note "session workdir: $WORKDIR"
  if [[ $KEEP_WORKDIR -eq 0 ]]; then
    shred_tree "$WORKDIR"
    note "workdir shredded"
  fi
  scrub_user_history
  note "shell and viewer history cleared"
  scrub_system_logs
  note "system journal and login records cleared"
  sync
  note "session closed $(date -u '+%F %T') UTC"
}

main
