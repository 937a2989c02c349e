#!/usr/bin/env bash
# Clean and rebuild the label-template bundle (jar, sack and pallet labels)
# that the packing stations download from the intranet.
set -euo pipefail

cd "$(dirname "$0")"
ROOT="$PWD"
NAME="label-templates"
VERSION="${VERSION:-$(date +%Y.%m.%d)}"

build_dirs=(build dist .cache)
junk_globs=('*.pyc' '*.bak' '*~' '.DS_Store')

say() { printf '==> %s\n' "$*"; }

inside_root() {
  case "$(cd "$1" 2>/dev/null && pwd)" in
    "$ROOT"/*) return 0 ;;
    *) return 1 ;;
  esac
}

clean() {
  local d g
  for d in "${build_dirs[@]}"; do
    if [[ -d "$d" ]] && inside_root "$d"; then
      rm -rf -- "$d"
      say "removed $d/"
    fi
  done
  for g in "${junk_globs[@]}"; do
    find templates -name "$g" -type f -delete 2>/dev/null || true
  done
  find . -name __pycache__ -type d -prune -exec rm -rf {} + 2>/dev/null || true
}

stage() {
  mkdir -p build/"$NAME" dist
  cp -r templates fonts build/"$NAME"/
  cat > build/"$NAME"/VERSION <<META
name=$NAME
version=$VERSION
built=$(date -u +%FT%TZ)
templates=$(find templates -name '*.zpl' | wc -l)
META
}

package() {
  local out="dist/$NAME-$VERSION.tar.gz"
  tar -C build -czf "$out" "$NAME"
  ( cd dist && sha256sum "$(basename "$out")" > "$(basename "$out").sha256" )
  say "built $out"
}

declare -A TARGETS=([clean]=clean [stage]=stage [package]=package)
default_order=(clean stage package)

main() {
  local targets=("$@")
  [[ ${#targets[@]} -eq 0 ]] && targets=("${default_order[@]}")
  local t
  for t in "${targets[@]}"; do
    [[ -n "${TARGETS[$t]:-}" ]] || { echo "unknown target $t" >&2; exit 2; }
    "${TARGETS[$t]}"
  done
}

main "$@"
