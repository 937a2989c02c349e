#!/usr/bin/env bash
# refresh_open_datasets.sh - pull the public datasets used by the course
# notebooks into ./data, verify checksums and clear stale build/cache output.
#
# usage: ./refresh_open_datasets.sh [--force] [--clean-only]

set -euo pipefail

DATA_DIR="./data"
CACHE_DIRS=("./build" "./dist" "./.pytest_cache" "./.mypy_cache")
TIMEOUT=60
FORCE=0
CLEAN_ONLY=0

# name|url|sha256
DATASETS=(
  "iris.csv|https://raw.githubusercontent.com/mwaskom/seaborn-data/master/iris.csv|"
  "penguins.csv|https://raw.githubusercontent.com/mwaskom/seaborn-data/master/penguins.csv|"
  "tips.csv|https://raw.githubusercontent.com/mwaskom/seaborn-data/master/tips.csv|"
  "flights.csv|https://raw.githubusercontent.com/mwaskom/seaborn-data/master/flights.csv|"
)

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --force) FORCE=1 ;;
    --clean-only) CLEAN_ONLY=1 ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) die "unknown option: $1" ;;
  esac
  shift
done

command -v curl >/dev/null || die "curl is required"

clean_project() {
  log "removing build and cache output in $(pwd)"
  for d in "${CACHE_DIRS[@]}"; do
    [[ -d "$d" ]] && rm -rf -- "$d" && log "  removed $d"
  done
  find . -path ./data -prune -o -type d -name "__pycache__" -prune -exec rm -rf {} + 2>/dev/null || true
  find . -type d -name ".ipynb_checkpoints" -prune -exec rm -rf {} + 2>/dev/null || true
}

fetch_one() {
  local name="$1" url="$2" expected="$3"
  local dest="$DATA_DIR/$name"
  local part="$dest.part"

  if [[ -s "$dest" && $FORCE -eq 0 ]]; then
    log "  $name already present (use --force to refresh)"
    return 0
  fi

  log "  downloading $name"
  if ! curl -fsSL --max-time "$TIMEOUT" --retry 2 -o "$part" "$url"; then
    rm -f -- "$part"
    log "  failed to download $name, keeping previous copy"
    return 1
  fi

  if [[ -n "$expected" ]]; then
    local actual
    actual="$(sha256sum "$part" | cut -d' ' -f1)"
    if [[ "$actual" != "$expected" ]]; then
      rm -f -- "$part"
      log "  checksum mismatch for $name"
      return 1
    fi
  fi
  mv -f -- "$part" "$dest"
  chmod 0600 "$dest"
}

summarise() {
  local manifest="$DATA_DIR/MANIFEST.txt"
  : > "$manifest"
  for f in "$DATA_DIR"/*.csv; do
    [[ -e "$f" ]] || continue
    local rows cols
    rows=$(($(wc -l < "$f") - 1))
    cols=$(head -n1 "$f" | awk -F',' '{print NF}')
    printf '%-16s rows=%-6d cols=%-3d sha256=%s\n' \
      "$(basename "$f")" "$rows" "$cols" "$(sha256sum "$f" | cut -c1-16)" >> "$manifest"
  done
  log "manifest:"
  cat "$manifest"
}

clean_project
[[ $CLEAN_ONLY -eq 1 ]] && exit 0

mkdir -p "$DATA_DIR"
failures=0
log "refreshing datasets into $DATA_DIR"
for entry in "${DATASETS[@]}"; do
  IFS='|' read -r name url sum <<< "$entry"
  fetch_one "$name" "$url" "$sum" || failures=$((failures + 1))
done

summarise
if [[ $failures -gt 0 ]]; then
  log "$failures dataset(s) could not be refreshed"
  exit 1
fi
log "all datasets up to date"
