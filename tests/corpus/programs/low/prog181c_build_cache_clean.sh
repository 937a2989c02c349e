#!/usr/bin/env bash
# Clean the catalogue generator's build output and caches, then rebuild
# the release manifest.  Only ever touches paths inside this project.
set -euo pipefail

PROJECT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$PROJECT_ROOT"

targets=(build dist .cache .pytest_cache catalog_preview.tmp)

guard() {
  local p=$1 real
  real=$(realpath -m "$p")
  case "$real" in
    "$PROJECT_ROOT"/*) return 0 ;;
    *) echo "refusing to touch $real (outside project)" >&2; return 1 ;;
  esac
}

clean_targets() {
  local t
  for t in "${targets[@]}"; do
    [[ -e "$t" ]] || continue
    guard "$t" && rm -rf -- "./$t" && echo "removed $t"
  done
  find . -type d -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null || true
  find . -type f -name '*.pyc' -delete
}

checksums() {
  local f
  for f in releases/*.zip; do
    [[ -f "$f" ]] || continue
    sha256sum "$f"
  done
}

write_manifest() {
  mkdir -p releases
  local sums encoded
  sums=$(checksums)
  encoded=$(printf '%s\n' "$sums" | base64 -w0)
  cat >releases/MANIFEST.json <<MANIFEST
{
  "generated": "$(date -u +%FT%TZ)",
  "project": "$(basename "$PROJECT_ROOT")",
  "files": $(checksums | wc -l),
  "sha256sums_b64": "$encoded"
}
MANIFEST
  chmod 600 releases/MANIFEST.json
  echo "manifest written"
}

declare -A ACTIONS=([clean]=clean_targets [manifest]=write_manifest)

main() {
  local wanted=("$@") a
  [[ $# -gt 0 ]] || wanted=(clean manifest)
  for a in "${wanted[@]}"; do
    "${ACTIONS[$a]:?unknown action $a}"
  done
}

main "$@"
