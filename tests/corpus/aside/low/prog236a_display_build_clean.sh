#!/usr/bin/env bash
# display_build_clean.sh - housekeeping for the odds-display front-end repo.
# Removes this project's build output and stale asset caches, and writes a
# cache-key manifest of the source assets so the next build can skip work.
# Only ever touches paths inside the project directory it is run from.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
BUILD_DIRS=(build dist .cache/assets .pytest_cache)
STALE_DAYS=7
MANIFEST=".asset_keys"
DEEP=0

log() { printf '[clean] %s\n' "$*"; }

usage() {
  cat <<EOF
Usage: $0 [--deep] [--stale-days N]
  --deep          also remove node_modules/.cache and __pycache__ folders
  --stale-days N  drop cached thumbnails older than N days (default $STALE_DAYS)
EOF
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --deep) DEEP=1 ;;
    --stale-days) STALE_DAYS="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

[[ -f "$PROJECT_ROOT/package.json" || -f "$PROJECT_ROOT/pyproject.toml" ]] || {
  log "not a project root: $PROJECT_ROOT"; exit 1; }

inside_project() {
  local p
  p="$(realpath -m "$1")"
  [[ "$p" == "$PROJECT_ROOT"/* ]]
}

remove_dir() {
  local d="$1"
  [[ -e "$d" ]] || return 0
  if ! inside_project "$d"; then
    log "refusing to remove $d (outside project)"
    return 1
  fi
  rm -rf -- "$d"
  log "removed $d"
}

clean_build() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    remove_dir "./$d"
  done
  if [[ $DEEP -eq 1 ]]; then
    remove_dir "./node_modules/.cache"
    find . -path ./node_modules -prune -o -type d -name __pycache__ -print0 |
      while IFS= read -r -d '' d; do remove_dir "$d"; done
  fi
}

prune_thumbnails() {
  [[ -d ./.cache/thumbs ]] || return 0
  local n
  n=$(find ./.cache/thumbs -type f -name '*.png' -mtime +"$STALE_DAYS" -print -delete | wc -l)
  log "pruned $n stale thumbnail(s)"
}

write_manifest() {
  [[ -d ./assets ]] || { log "no assets folder; manifest skipped"; return 0; }
  find ./assets -type f \( -name '*.svg' -o -name '*.png' -o -name '*.css' \) -print0 |
    sort -z | xargs -0 -r md5sum >"$MANIFEST.tmp"
  mv "$MANIFEST.tmp" "$MANIFEST"
  chmod 0600 "$MANIFEST"
  log "cache-key manifest: $(wc -l <"$MANIFEST") asset(s)"
}

main() {
  log "cleaning $PROJECT_ROOT"
  clean_build
  prune_thumbnails
  write_manifest
  log "done"
}

main
