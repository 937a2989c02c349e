#!/usr/bin/env bash
# portal_build_clean.sh - clean the order portal project's build output and
# caches before a fresh build, and record which OS the build ran on.
#
# Only ever touches paths inside the project directory (default: the
# current directory). Refuses to run anywhere that is not the portal repo.
#
# usage: portal_build_clean.sh [-p project_dir] [-n] [-a]
#   -n  list what would be removed
#   -a  also remove node_modules

set -u

PROJECT="$PWD"
DRY=0
ALL=0
TARGETS=("build" "dist" ".cache" ".pytest_cache" "htmlcov" "static/bundles")
SWEEP_NAMES=("__pycache__" "*.pyc" ".coverage")

while getopts ":p:na" o; do
  case "$o" in
    p) PROJECT="$OPTARG" ;;
    n) DRY=1 ;;
    a) ALL=1 ;;
    *) echo "usage: $0 [-p project_dir] [-n] [-a]" >&2; exit 1 ;;
  esac
done

say() { printf '[clean] %s\n' "$*"; }

is_portal_repo() {
  [ -f "$1/portal.toml" ] || [ -f "$1/manage.py" ]
}

drop() {
  local rel="$1" target
  target="$PROJECT/$rel"
  case "$rel" in ''|/*|*..*) say "refusing odd path '$rel'"; return 1 ;; esac
  [ -e "$target" ] || return 0
  if [ "$DRY" -eq 1 ]; then
    say "would remove $rel ($(du -sh "$target" 2>/dev/null | cut -f1))"
  else
    rm -rf -- "$target" && say "removed $rel"
  fi
}

sweep() {
  local n pattern
  for pattern in "${SWEEP_NAMES[@]}"; do
    n=$(find "$PROJECT" -path "$PROJECT/node_modules" -prune -o -name "$pattern" -print | wc -l)
    [ "$n" -gt 0 ] || continue
    if [ "$DRY" -eq 1 ]; then
      say "would sweep $n x $pattern"
    else
      find "$PROJECT" -path "$PROJECT/node_modules" -prune -o \
        -name "$pattern" -exec rm -rf -- {} + 2>/dev/null
      say "swept $n x $pattern"
    fi
  done
}

record_build_host() {
  local os_name="unknown"
  if [ -r /etc/os-release ]; then
    os_name="$(grep -E '^(NAME|VERSION_ID)=' /etc/os-release | cut -d= -f2- \
               | tr -d '"' | paste -sd' ')"
  fi
  local f="$PROJECT/.build_host"
  printf 'os=%s\ncleaned=%s\n' "$os_name" "$(date -Iseconds)" > "$f"
  say "build host: $os_name"
}

protect_env() {
  local envf="$PROJECT/portal.env"
  if [ -f "$envf" ] && [ "$(stat -c %a "$envf")" != "600" ]; then
    chmod 600 "$envf" && say "tightened portal.env to 600"
  fi
}

main() {
  PROJECT="$(cd "$PROJECT" 2>/dev/null && pwd)" || { say "no such project dir"; exit 1; }
  if ! is_portal_repo "$PROJECT"; then
    say "$PROJECT does not look like the portal repo; stopping"
    exit 1
  fi
  [ "$ALL" -eq 1 ] && TARGETS+=("node_modules")
  local t
  for t in "${TARGETS[@]}"; do drop "$t"; done
  sweep
  if [ "$DRY" -eq 0 ]; then
    record_build_host
    protect_env
  fi
  say "done"
}

main
