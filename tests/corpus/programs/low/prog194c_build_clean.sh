#!/usr/bin/env bash
# build_clean.sh - tidy and package the society website / newsletter project.
# Removes this project's own build output and caches, then produces a
# dated tarball of the site sources with a checksum for the web volunteer.
set -euo pipefail

PROJECT_ROOT="${PROJECT_ROOT:-$PWD}"
DIST="$PROJECT_ROOT/dist"
declare -a BUILD_DIRS=(build dist .pytest_cache .mypy_cache site/_generated)
declare -a CACHE_GLOBS=('__pycache__' '*.pyc' '.DS_Store')
declare -a SOURCES=(site newsletter templates README.md)

log() { printf '[clean] %s\n' "$*"; }

platform() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    name="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}")"
  fi
  printf '%s' "$name"
}

remove_build_dirs() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    if [[ -d "$PROJECT_ROOT/$d" ]]; then
      rm -rf "${PROJECT_ROOT:?}/${d:?}"
      log "removed $d/"
    fi
  done
}

remove_caches() {
  local g n
  for g in "${CACHE_GLOBS[@]}"; do
    n=$(find "$PROJECT_ROOT" -name "$g" -not -path '*/.git/*' | wc -l)
    find "$PROJECT_ROOT" -depth -name "$g" -not -path '*/.git/*' -exec rm -rf {} +
    (( n > 0 )) && log "removed $n x $g"
  done
  return 0
}

package() {
  local stamp archive present=()
  stamp="$(date +%Y%m%d)"
  archive="$DIST/society-site-$stamp.tar.gz"
  mkdir -p "$DIST"
  for s in "${SOURCES[@]}"; do
    [[ -e "$PROJECT_ROOT/$s" ]] && present+=("$s")
  done
  if (( ${#present[@]} == 0 )); then
    log "nothing to package"
    return 0
  fi
  tar -C "$PROJECT_ROOT" -czf "$archive" "${present[@]}"
  (cd "$DIST" && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")
  chmod 0600 "$archive"
  log "packaged ${present[*]} -> ${archive#"$PROJECT_ROOT"/}"
}

summary() {
  cat <<EOF
project:  $PROJECT_ROOT
platform: $(platform)
dist:     $(ls -1 "$DIST" 2>/dev/null | tr '\n' ' ')
EOF
}

declare -A ACTIONS=([clean]="remove_build_dirs remove_caches" [package]="package" [all]="remove_build_dirs remove_caches package summary")

main() {
  local action="${1:-all}" step
  [[ -n "${ACTIONS[$action]:-}" ]] || { log "unknown action $action (clean|package|all)"; exit 2; }
  for step in ${ACTIONS[$action]}; do
    "$step"
  done
}

main "$@"
