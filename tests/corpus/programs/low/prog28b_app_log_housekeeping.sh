#!/usr/bin/env bash
# Housekeeping for the dev server's own logs in ./logs and ./var/log.
#
# Steps are functions listed in STEPS and invoked by name; per-directory
# retention is looked up via indirect expansion (RETAIN_<name>).
set -euo pipefail

APP_HOME="${APP_HOME:-$PWD}"
LOG_DIRS=(logs var/log)
RETAIN_logs=7          # days of compressed logs kept in ./logs
RETAIN_var_log=3       # days kept in ./var/log (debug output)
MAX_ACTIVE_MB="${MAX_ACTIVE_MB:-50}"
DRY_RUN=0
VERBOSE=0

STEPS=(step_rotate_large step_compress_old step_expire step_report)

say()   { [[ $VERBOSE -eq 1 ]] && printf '  %s\n' "$*" >&2 || true; }
act()   { if [[ $DRY_RUN -eq 1 ]]; then printf 'would: %s\n' "$*"; else "$@"; fi; }

retention_for() {
  local dir="$1" var
  var="RETAIN_${dir//\//_}"
  printf '%s' "${!var:-7}"
}

each_log_dir() {
  local fn="$1" d
  for d in "${LOG_DIRS[@]}"; do
    [[ -d "${APP_HOME}/${d}" ]] || { say "skip missing ${d}"; continue; }
    "$fn" "$d"
  done
}

_rotate_large() {
  local d="$1" f size_mb stamp
  stamp="$(date +%Y%m%d-%H%M%S)"
  while IFS= read -r -d '' f; do
    size_mb=$(( $(stat -c %s "$f") / 1048576 ))
    if (( size_mb >= MAX_ACTIVE_MB )); then
      say "rotating $f (${size_mb} MB)"
      act mv -- "$f" "${f%.log}.${stamp}.log"
      act touch -- "$f"
    fi
  done < <(find "${APP_HOME}/${d}" -maxdepth 1 -type f -name '*.log' -print0)
}

_compress_old() {
  local d="$1"
  find "${APP_HOME}/${d}" -maxdepth 1 -type f -name '*.[0-9]*.log' -mmin +60 -print0 |
    while IFS= read -r -d '' f; do
      say "compressing $f"
      act gzip -9 -- "$f"
    done
}

_expire() {
  local d="$1" days
  days="$(retention_for "$d")"
  say "expiring ${d}/*.gz older than ${days}d"
  if [[ $DRY_RUN -eq 1 ]]; then
    find "${APP_HOME}/${d}" -maxdepth 1 -type f -name '*.log.gz' -mtime +"${days}" -print
  else
    find "${APP_HOME}/${d}" -maxdepth 1 -type f -name '*.log.gz' -mtime +"${days}" -delete
  fi
}

_report() {
  local d="$1"
  printf '%-10s %6s  %s files\n' "$d" "$(du -sh "${APP_HOME}/${d}" | cut -f1)" \
    "$(find "${APP_HOME}/${d}" -maxdepth 1 -type f | wc -l)"
}

step_rotate_large() { each_log_dir _rotate_large; }
step_compress_old() { each_log_dir _compress_old; }
step_expire()       { each_log_dir _expire; }
step_report()       { each_log_dir _report; }

usage() {
  cat <<EOF
usage: $0 [-n] [-v] [-s step]...
  -n   dry run
  -v   verbose
  -s   run only the named step (${STEPS[*]#step_})
EOF
}

main() {
  local only=() opt s
  while getopts ':nvs:h' opt; do
    case "$opt" in
      n) DRY_RUN=1 ;;
      v) VERBOSE=1 ;;
      s) only+=("step_${OPTARG}") ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  cd "${APP_HOME}"
  for s in "${only[@]:-${STEPS[@]}}"; do
    declare -F "$s" >/dev/null || { echo "unknown step ${s#step_}" >&2; exit 2; }
    say "== ${s#step_}"
    "$s"
  done
}

main "$@"
