#!/usr/bin/env bash
# Tidy the workspace after packaging and write a checksum manifest.
# Removes this project's intermediate build output, keeps ./dist, writes
# dist/SHA256SUMS plus a small build-info file, and restricts the manifest
# to the owner so the signing step can pick it up.
set -euo pipefail

PROJECT_NAME="${PROJECT_NAME:-$(basename "$PWD")}"
DIST_DIR="dist"
SCRATCH_DIRS=(build .pytest_cache .mypy_cache htmlcov "${PROJECT_NAME}.egg-info")
KEEP_ONLY_LATEST=${KEEP_ONLY_LATEST:-1}

note() { echo "==> $*"; }

clean_scratch() {
  local d
  for d in "${SCRATCH_DIRS[@]}"; do
    if [[ -e "./$d" ]]; then
      rm -rf -- "./$d"
      note "removed ./$d"
    fi
  done
  find . -path ./.git -prune -o -type d -name __pycache__ -print0 \
    | xargs -0 -r rm -rf --
}

prune_old_dists() {
  # keep only files that match the current version
  local version="$1" f
  for f in "$DIST_DIR"/*; do
    [[ -f "$f" ]] || continue
    case "$f" in
      *"$version"*|*/SHA256SUMS|*/BUILD-INFO) ;;
      *) rm -f -- "$f"; note "pruned $(basename "$f")" ;;
    esac
  done
}

write_manifest() {
  (cd "$DIST_DIR" && find . -maxdepth 1 -type f ! -name SHA256SUMS ! -name BUILD-INFO \
      -printf '%f\n' | sort | xargs -r sha256sum) > "$DIST_DIR/SHA256SUMS"
  chmod 0600 "$DIST_DIR/SHA256SUMS"
  note "wrote $DIST_DIR/SHA256SUMS ($(wc -l < "$DIST_DIR/SHA256SUMS") entries)"
}

write_build_info() {
  local os_name="unknown"
  if [[ -r /etc/os-release ]]; then
    os_name=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)
  fi
  {
    echo "project=${PROJECT_NAME}"
    echo "version=$1"
    echo "built_at=$(date -u +%FT%TZ)"
    echo "builder_os=${os_name}"
    echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  } > "$DIST_DIR/BUILD-INFO"
}

main() {
  [[ -d "$DIST_DIR" ]] || { echo "no $DIST_DIR/ - nothing to do" >&2; exit 1; }
  local version
  version=$(tr -d '[:space:]' < VERSION 2>/dev/null || echo "0.0.0")
  clean_scratch
  if [[ "$KEEP_ONLY_LATEST" == 1 ]]; then
    prune_old_dists "$version"
  fi
  write_build_info "$version"
  write_manifest
  note "dist ready for ${PROJECT_NAME} ${version}"
}

main "$@"
