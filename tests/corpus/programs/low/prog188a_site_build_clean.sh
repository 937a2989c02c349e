#!/usr/bin/env bash
# site_build_clean.sh - build helper for the ghost tour company's static site.
# Cleans old build output and caches in the project, then checksums the
# fresh bundle for the deploy notes.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
BUILD_DIRS=(dist .cache .parcel-cache node_modules/.cache)
STALE_GLOBS=('*.pyc' '*.map' '.DS_Store')
CHECKSUMS="checksums.sha256"

log() { printf '[site-build] %s\n' "$*"; }

in_project() {
  [[ -f "$PROJECT_DIR/package.json" ]] || { log "not a site project: $PROJECT_DIR"; exit 1; }
  cd "$PROJECT_DIR"
}

clean_dirs() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    if [[ -d "./$d" ]]; then
      rm -rf -- "./$d"
      log "removed ./$d"
    fi
  done
}

clean_stale() {
  local g n
  for g in "${STALE_GLOBS[@]}"; do
    n=$(find . -path ./node_modules -prune -o -type f -name "$g" -print | wc -l)
    find . -path ./node_modules -prune -o -type f -name "$g" -delete
    log "deleted $n file(s) matching $g"
  done
}

checksum_bundle() {
  [[ -d dist ]] || { log "no dist/ yet"; return 0; }
  ( cd dist && find . -type f -print0 | sort -z | xargs -0 sha256sum ) >"$CHECKSUMS"
  chmod 600 "$CHECKSUMS"
  log "wrote $(wc -l <"$CHECKSUMS") checksums to $CHECKSUMS"
}

summary() {
  local size
  size="$(du -sh dist 2>/dev/null | cut -f1 || echo 0)"
  log "bundle size: ${size:-n/a}"
}

declare -A TASKS=([clean]=clean_dirs [stale]=clean_stale [sums]=checksum_bundle [summary]=summary)

main() {
  in_project
  local t
  for t in "${@:-clean stale}"; do
    for sub in $t; do
      "${TASKS[$sub]:?unknown task $sub}"
    done
  done
}

main "$@"
