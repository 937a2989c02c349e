#!/usr/bin/env bash
# run-task: tiny task runner for repos that don't want make.
# Tasks live in ./tasks.conf as   name: shell command   (one per line).
# Variables like ${PROFILE} or ${ARGS} inside a task are expanded at run time.
set -euo pipefail

TASKS_FILE="${TASKS_FILE:-tasks.conf}"
PROFILE="dev"
LIST=0
DRY=0
declare -A TASKS=()
declare -a ORDER=()

hdr()  { printf '\033[1m%s\033[0m\n' "$*"; }
run()  { printf '\033[34m$ %s\033[0m\n' "$*"; }
err()  { printf '\033[31merror:\033[0m %s\n' "$*" >&2; }

usage() {
  cat <<EOF
usage: ${0##*/} [-f tasks.conf] [-p profile] [-n] [-l] task [task...] [-- args]
  -l  list tasks     -n  print commands without running them
EOF
}

while getopts "f:p:nlh" opt; do
  case "$opt" in
    f) TASKS_FILE="$OPTARG" ;;
    p) PROFILE="$OPTARG" ;;
    n) DRY=1 ;;
    l) LIST=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

load_tasks() {
  [[ -f "$TASKS_FILE" ]] || { err "no $TASKS_FILE in $(pwd)"; exit 2; }
  local line name cmd n=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    n=$((n + 1))
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ "$line" =~ ^([A-Za-z0-9_.-]+):[[:space:]]*(.+)$ ]]; then
      name="${BASH_REMATCH[1]}"; cmd="${BASH_REMATCH[2]}"
      [[ -n "${TASKS[$name]:-}" ]] || ORDER+=("$name")
      TASKS["$name"]="$cmd"
    else
      err "$TASKS_FILE:$n: cannot parse: $line"; exit 2
    fi
  done < "$TASKS_FILE"
}

list_tasks() {
  hdr "tasks in $TASKS_FILE"
  local t
  for t in "${ORDER[@]}"; do
    printf '  %-14s %s\n' "$t" "${TASKS[$t]}"
  done
}

run_task() {
  local name="$1" start cmd rc=0
  cmd="${TASKS[$name]:-}"
  [[ -n "$cmd" ]] || { err "unknown task: $name"; return 2; }
  hdr "▶ $name"
  run "$cmd"
  (( DRY )) && return 0
  start=$SECONDS
  # PROFILE and ARGS are visible to the task line
  eval "$cmd" || rc=$?
  if (( rc == 0 )); then
    printf '  \033[32mdone\033[0m %s (%ss)\n' "$name" $((SECONDS - start))
  else
    printf '  \033[31mfailed\033[0m %s (exit %s)\n' "$name" "$rc"
  fi
  return "$rc"
}

main() {
  load_tasks
  if (( LIST )) || [[ $# -eq 0 ]]; then list_tasks; return 0; fi

  local -a wanted=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do wanted+=("$1"); shift; done
  [[ "${1:-}" == "--" ]] && shift
  ARGS="$*"
  export PROFILE ARGS

  local t
  for t in "${wanted[@]}"; do
    run_task "$t" || exit $?
  done
}

main "$@"
