#!/usr/bin/env bash
# Housekeeping for the lido back-office scripts repository.
# Removes this project's own build output and caches, and refreshes the
# dependency cache key (md5 of the requirement files) used by the CI job.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$PROJECT_DIR"

KEY_FILE=".cache-key"
TOKEN_FILE=".report_token"

targets=( build dist .pytest_cache .mypy_cache htmlcov )
patterns=( '__pycache__' '*.egg-info' )

log() { printf '[clean] %s\n' "$*"; }

remove_dirs() {
  local t
  for t in "${targets[@]}"; do
    if [[ -d "./$t" ]]; then
      rm -rf -- "./$t"
      log "removed ./$t"
    fi
  done
}

remove_patterns() {
  local p
  for p in "${patterns[@]}"; do
    find . -path ./.git -prune -o -name "$p" -type d -prune -print0 \
      | xargs -0 -r rm -rf --
  done
  find . -path ./.git -prune -o -name '*.py[co]' -type f -print0 | xargs -0 -r rm -f --
  log "removed bytecode and egg-info"
}

cache_key() {
  local files=() f
  for f in requirements*.txt pyproject.toml; do
    [[ -f "$f" ]] && files+=("$f")
  done
  if (( ${#files[@]} == 0 )); then
    echo "none"
    return
  fi
  cat "${files[@]}" | md5sum | cut -d' ' -f1
}

refresh_key() {
  local new old
  new="$(cache_key)"
  old="$(cat "$KEY_FILE" 2>/dev/null || echo "")"
  if [[ "$new" != "$old" ]]; then
    echo "$new" > "$KEY_FILE"
    log "cache key $old -> $new"
  else
    log "cache key unchanged ($new)"
  fi
}

protect_token() {
  [[ -f "$TOKEN_FILE" ]] && chmod 600 "$TOKEN_FILE" && log "tightened $TOKEN_FILE"
  return 0
}

case "${1:-all}" in
  dirs)  remove_dirs ;;
  pyc)   remove_patterns ;;
  key)   refresh_key ;;
  all)   remove_dirs; remove_patterns; refresh_key; protect_token ;;
  *)     echo "usage: $0 [dirs|pyc|key|all]" >&2; exit 2 ;;
esac
