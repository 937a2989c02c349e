#!/usr/bin/env bash
# clean_cam_build_cache.sh - tidy the CAM project checkout between jobs.
#
# Removes post-processor scratch output, simulation caches and Python
# bytecode from the current project directory. Finished G-code in ./gcode
# is left alone unless --all is given.
#
# Usage: ./clean_cam_build_cache.sh [-n] [--all] [--days N]

set -uo pipefail

DRY=0
ALL=0
DAYS=0
PROJECT_DIR="$(pwd)"
FREED=0

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
note()  { printf '  %-8s %s\n' "$1" "$2"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--dry-run) DRY=1 ;;
    --all) ALL=1 ;;
    --days) DAYS="${2:?--days needs a number}"; shift ;;
    -h|--help) usage 0 ;;
    *) echo "unknown option: $1" >&2; usage 1 ;;
  esac
  shift
done

if [[ ! -f "${PROJECT_DIR}/camproject.toml" ]]; then
  echo "not a CAM project directory (no camproject.toml): ${PROJECT_DIR}" >&2
  exit 2
fi

size_of() { du -sk "$1" 2>/dev/null | awk '{print $1}'; }

remove() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  local kb; kb=$(size_of "$target"); kb=${kb:-0}
  if [[ $DRY -eq 1 ]]; then
    note "would rm" "${target#"$PROJECT_DIR"/} (${kb} KB)"
  else
    rm -rf -- "$target" && note "removed" "${target#"$PROJECT_DIR"/} (${kb} KB)"
  fi
  FREED=$((FREED + kb))
}

age_args=()
[[ "$DAYS" -gt 0 ]] && age_args=(-mtime "+${DAYS}")

clean_scratch() {
  echo "post-processor scratch:"
  while IFS= read -r -d '' f; do remove "$f"; done < <(
    find "$PROJECT_DIR" -type f \( -name '*.nc.tmp' -o -name '*.tap.tmp' -o -name '*.postlog' \) \
      "${age_args[@]}" -print0)
}

clean_caches() {
  echo "caches:"
  for d in build .cache .simcache .nestcache; do
    remove "${PROJECT_DIR}/${d}"
  done
  while IFS= read -r -d '' d; do remove "$d"; done < <(
    find "$PROJECT_DIR" -type d -name '__pycache__' -print0)
}

clean_gcode() {
  [[ $ALL -eq 1 ]] || return 0
  echo "generated g-code:"
  while IFS= read -r -d '' f; do remove "$f"; done < <(
    find "${PROJECT_DIR}/gcode" -maxdepth 1 -type f -name '*.nc' "${age_args[@]}" -print0 2>/dev/null)
}

clean_scratch
clean_caches
clean_gcode

if [[ $DRY -eq 1 ]]; then
  printf 'dry run: %d KB would be freed\n' "$FREED"
else
  printf 'done: %d KB freed\n' "$FREED"
fi
