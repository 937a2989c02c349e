#!/usr/bin/env bash
# Clean the check-in kiosk app checkout before packaging a new build.
# Only touches paths inside this repository.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

BUILD_DIRS=(build dist .pytest_cache .mypy_cache htmlcov node_modules/.cache)
JUNK_GLOBS=('*.pyc' '*.pyo' '*.log.old' '.coverage.*')
KEEP_CONFIG="config/kiosk.local.toml"

say() { printf '[clean] %s\n' "$*"; }

usage() {
  cat <<EOF2
usage: $(basename "$0") [--all] [--dry-run]
  --all       also drop the downloaded font and icon cache (assets/.cache)
  --dry-run   print what would be removed
EOF2
}

DRY=0
ALL=0
for arg in "$@"; do
  case "$arg" in
    --all) ALL=1 ;;
    --dry-run) DRY=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

remove() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  case "$(realpath "$target")" in
    "$ROOT"/*) ;;
    *) say "refusing to remove $target (outside repo)"; return 1 ;;
  esac
  if (( DRY )); then
    say "would remove $target"
  else
    rm -rf -- "$target"
    say "removed $target"
  fi
}

for d in "${BUILD_DIRS[@]}"; do
  remove "$d"
done

while IFS= read -r -d '' f; do
  remove "$f"
done < <(find . -path ./.git -prune -o -name __pycache__ -type d -print0)

for g in "${JUNK_GLOBS[@]}"; do
  while IFS= read -r -d '' f; do
    remove "$f"
  done < <(find . -path ./.git -prune -o -name "$g" -type f -print0)
done

(( ALL )) && remove assets/.cache

if [[ -f "$KEEP_CONFIG" ]]; then
  chmod 600 "$KEEP_CONFIG"
  say "kept $KEEP_CONFIG (mode 600)"
fi

say "done"
