#!/usr/bin/env bash
# Project task runner: ./tasks.sh <task> [task...]
#
# Tasks are plain functions named task_<name>; the dispatcher resolves them
# through a case table of aliases and calls them by name.  Everything happens
# inside the project checkout.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR="${PROJECT_ROOT}/build"
DIST_DIR="${PROJECT_ROOT}/dist"
CACHE_DIRS=(".pytest_cache" ".mypy_cache" ".ruff_cache" "htmlcov")
VERSION_URL="${VERSION_URL:-https://releases.example.org/toolkit/latest.txt}"

declare -A TASK_HELP=(
  [clean]="remove build output and tool caches"
  [bundle]="pack src/ into dist/<name>.tar.gz with checksums"
  [checksums]="(re)write dist/SHA256SUMS"
  [upstream]="show the newest upstream release"
  [stats]="count source lines per extension"
)

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

# --- tasks -----------------------------------------------------------------
task_clean() {
  local d
  rm -rf -- "${BUILD_DIR}" "${DIST_DIR}"
  for d in "${CACHE_DIRS[@]}"; do
    [[ -d "${PROJECT_ROOT}/${d}" ]] && rm -rf -- "${PROJECT_ROOT:?}/${d}"
  done
  find "${PROJECT_ROOT}" -name '__pycache__' -type d -prune -exec rm -rf {} +
  log "workspace cleaned"
}

task_bundle() {
  local name="${PROJECT_NAME:-$(basename "${PROJECT_ROOT}")}"
  mkdir -p "${DIST_DIR}" "${BUILD_DIR}"
  cp -R "${PROJECT_ROOT}/src" "${BUILD_DIR}/${name}"
  tar -C "${BUILD_DIR}" -czf "${DIST_DIR}/${name}.tar.gz" "${name}"
  log "wrote ${DIST_DIR}/${name}.tar.gz"
  task_checksums
}

task_checksums() {
  [[ -d "${DIST_DIR}" ]] || die "nothing in dist/ yet"
  ( cd "${DIST_DIR}" && sha256sum -- *.tar.gz > SHA256SUMS )
  log "checksums: $(wc -l < "${DIST_DIR}/SHA256SUMS") file(s)"
}

task_upstream() {
  local latest
  latest="$(curl -fsSL --max-time 10 "${VERSION_URL}")" || die "cannot reach ${VERSION_URL}"
  printf 'upstream release: %s\n' "${latest}"
}

task_stats() {
  local -A counts=()
  local f ext
  while IFS= read -r -d '' f; do
    ext="${f##*.}"
    counts[$ext]=$(( ${counts[$ext]:-0} + $(wc -l < "$f") ))
  done < <(find "${PROJECT_ROOT}/src" -type f \( -name '*.py' -o -name '*.sh' -o -name '*.toml' \) -print0)
  for ext in "${!counts[@]}"; do
    printf '%-6s %8d\n' "$ext" "${counts[$ext]}"
  done | sort
}

# --- dispatch --------------------------------------------------------------
resolve_task() {
  case "$1" in
    clean|distclean|c)   echo task_clean ;;
    bundle|dist|b)       echo task_bundle ;;
    sums|checksums)      echo task_checksums ;;
    upstream|latest)     echo task_upstream ;;
    stats|loc)           echo task_stats ;;
    *)                   return 1 ;;
  esac
}

usage() {
  local t
  echo "usage: $0 <task> [task...]"
  for t in "${!TASK_HELP[@]}"; do
    printf '  %-10s %s\n' "$t" "${TASK_HELP[$t]}"
  done
}

run_all() {
  local fn
  for fn in "$@"; do
    log "-> ${fn#task_}"
    "$fn"
  done
}

main() {
  [[ $# -gt 0 ]] || { usage; exit 2; }
  local queue=() t fn
  for t in "$@"; do
    fn="$(resolve_task "$t")" || { usage; die "unknown task: $t"; }
    declare -F "$fn" >/dev/null || die "task not implemented: $fn"
    queue+=("$fn")
  done
  cd "${PROJECT_ROOT}"
  run_all "${queue[@]}"
}

main "$@"
