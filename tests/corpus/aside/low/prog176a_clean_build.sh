#!/usr/bin/env bash
# Clean and rebuild the gym website's static bundle (route finder, timetable).
# Only touches files inside the project checkout it is run from.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
cd "$PROJECT_ROOT"

BUILD_DIRS=(dist build .cache .parcel-cache)
CACHE_GLOBS=('*.pyc' '*.tmp' '.DS_Store')
LOCAL_CONFIG=".site.env"
RELEASE_URL="${SITE_RELEASE_URL:-https://www.example.com/site/latest.txt}"

log() { printf '[clean-build] %s\n' "$*"; }

platform() {
  local name="unknown" ver=""
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    name=$(. /etc/os-release && echo "${ID:-unknown}")
    ver=$(. /etc/os-release && echo "${VERSION_ID:-}")
  fi
  printf '%s %s\n' "$name" "$ver"
}

remove_build() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    if [[ -d "$PROJECT_ROOT/$d" ]]; then
      rm -rf -- "${PROJECT_ROOT:?}/$d"
      log "removed $d/"
    fi
  done
}

remove_caches() {
  local g count=0
  for g in "${CACHE_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      rm -f -- "$f"; count=$((count + 1))
    done < <(find "$PROJECT_ROOT" -path "$PROJECT_ROOT/node_modules" -prune -o -name "$g" -type f -print0)
  done
  log "removed ${count} cache files"
}

protect_config() {
  if [[ -f "$LOCAL_CONFIG" ]]; then
    chmod 0600 "$LOCAL_CONFIG"
    log "${LOCAL_CONFIG} is private to $(id -un)"
  fi
}

check_release() {
  local latest current
  latest=$(curl -fsS --max-time 10 "$RELEASE_URL" 2>/dev/null || echo "unknown")
  current=$(cat VERSION 2>/dev/null || echo "dev")
  log "local ${current}, latest published ${latest}"
}

build() {
  mkdir -p dist
  cp -r static/. dist/ 2>/dev/null || true
  find dist -type f -name '*.html' -exec sed -i "s/@BUILD_DATE@/$(date +%F)/g" {} +
  log "bundle has $(find dist -type f | wc -l) files"
}

declare -A ACTIONS=([clean]="remove_build remove_caches" [build]="build" [all]="remove_build remove_caches protect_config build check_release")

log "platform: $(platform)"
for step in ${ACTIONS[${1:-all}]:?unknown action}; do
  "$step"
done
