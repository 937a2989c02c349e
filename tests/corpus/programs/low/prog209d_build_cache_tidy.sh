#!/usr/bin/env bash
# Tidy the build and cache directories of the kiosk UI project checkout.
# Usage: prog209d_build_cache_tidy.sh [--days N] [--dry-run]
set -euo pipefail

DAYS=7
DRY_RUN=0
declare -a TARGETS=(build dist .cache .pytest_cache node_modules/.cache)
declare -a PATTERNS=('__pycache__' '*.egg-info')

msg() { printf '[tidy] %s\n' "$*" >&2; }

project_root() {
  local root
  root="$(pwd -P)"
  [[ -f "$root/package.json" || -f "$root/pyproject.toml" ]] || {
    msg "not a project checkout: $root"; return 1; }
  printf '%s' "$root"
}

size_of() {
  du -sk "$1" 2>/dev/null | cut -f1
}

remove_path() {
  local p="$1"
  if (( DRY_RUN )); then
    msg "would remove $p ($(size_of "$p") KiB)"
  else
    rm -rf -- "$p"
    msg "removed $p"
  fi
}

tidy_targets() {
  local root="$1" t freed=0 kb
  for t in "${TARGETS[@]}"; do
    [[ -d "$root/$t" ]] || continue
    kb="$(size_of "$root/$t")"
    freed=$((freed + ${kb:-0}))
    remove_path "$root/$t"
  done
  echo "$freed"
}

tidy_patterns() {
  local root="$1" pat
  for pat in "${PATTERNS[@]}"; do
    while IFS= read -r -d '' hit; do
      remove_path "$hit"
    done < <(find "$root" -path "$root/.git" -prune -o -name "$pat" -mtime +"$DAYS" -print0)
  done
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --days) DAYS="$2"; shift 2 ;;
      --dry-run) DRY_RUN=1; shift ;;
      -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
      *) msg "unknown option $1"; exit 2 ;;
    esac
  done
  [[ "$DAYS" =~ ^[0-9]+$ ]] || { msg "--days must be a number"; exit 2; }
}

main() {
  parse_args "$@"
  local root freed
  root="$(project_root)" || exit 1
  msg "tidying $root (older than $DAYS days for patterns)"
  freed="$(tidy_targets "$root" | tail -n1)"
  tidy_patterns "$root"
  msg "freed about $((freed / 1024)) MiB from build directories"
}

main "$@"
