#!/usr/bin/env bash
# Clean engine intermediates in the current project before a full rebuild,
# then report how many compile jobs this machine should run and whether the
# prebuilt third-party bundle is reachable on the CDN.
set -euo pipefail

PROJECT_DIR="$(pwd)"
CDN_HOST="cdn.example.org"
BUNDLE_PATH="thirdparty/bundle-2024.3.tar.zst"
DEEP=0
ASSUME_YES=0

usage() {
  echo "usage: $0 [--deep] [-y]" >&2
  echo "  --deep   also remove DerivedDataCache and Binaries" >&2
  exit 2
}

for a in "$@"; do
  case "$a" in
    --deep) DEEP=1 ;;
    -y) ASSUME_YES=1 ;;
    *) usage ;;
  esac
done

log() { printf '[clean] %s\n' "$*"; }

targets() {
  local t=("Intermediate" "Saved/StagedBuilds" ".vs" "build")
  if [[ $DEEP -eq 1 ]]; then
    t+=("DerivedDataCache" "Binaries")
  fi
  printf '%s\n' "${t[@]}"
}

is_project_root() {
  compgen -G "$PROJECT_DIR/*.uproject" >/dev/null || [[ -f "$PROJECT_DIR/CMakeLists.txt" ]]
}

dir_size() {
  du -sh "$1" 2>/dev/null | cut -f1
}

remove_target() {
  local rel="$1"
  local path="$PROJECT_DIR/$rel"
  [[ -e "$path" ]] || return 0
  case "$rel" in
    /*|*..*) log "refusing suspicious path $rel"; return 1 ;;
  esac
  log "removing ./$rel ($(dir_size "$path"))"
  rm -rf -- "$path"
}

job_count() {
  local cores
  cores="$(grep -c '^processor' /proc/cpuinfo || echo 4)"
  local mem_kb
  mem_kb="$(awk '/MemTotal/ {print $2}' /proc/meminfo)"
  local by_mem=$(( mem_kb / (2 * 1024 * 1024) ))
  (( by_mem < 1 )) && by_mem=1
  (( cores < by_mem )) && echo "$cores" || echo "$by_mem"
}

check_bundle() {
  local url="https://${CDN_HOST}/${BUNDLE_PATH}"
  if curl -fsSI --max-time 10 "$url" >/dev/null; then
    log "third-party bundle reachable: $url"
  else
    log "third-party bundle NOT reachable: $url"
  fi
}

main() {
  if ! is_project_root; then
    log "run this from a project root (no .uproject or CMakeLists.txt here)"
    exit 1
  fi
  if [[ $ASSUME_YES -eq 0 ]]; then
    read -r -p "Remove build intermediates under $PROJECT_DIR? [y/N] " ans
    [[ "$ans" == [yY]* ]] || { log "aborted"; exit 0; }
  fi
  local rel
  while IFS= read -r rel; do
    remove_target "$rel"
  done < <(targets)
  local distro
  distro="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
  log "host: ${distro:-unknown}, suggested -j$(job_count)"
  check_bundle
}

main
