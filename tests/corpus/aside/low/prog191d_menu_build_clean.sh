#!/usr/bin/env bash
# Builds the seasonal cocktail menu bundle from the menu/ folder in this repo
# and tidies old build output. Run from the repo root.
#   menu_build_clean.sh [build|clean|all]

set -euo pipefail

SEASON="${MENU_SEASON:-$(date +%Y)-autumn}"
SRC_DIR="./menu"
BUILD_DIR="./build"
DIST_DIR="./dist"
KEEP_BUNDLES="${KEEP_BUNDLES:-3}"

say() { printf '[menu] %s\n' "$*"; }

# paths we are allowed to clean, relative to the repo root only
CLEAN_TARGETS=("$BUILD_DIR" "./.cache" "./menu/__pycache__")

clean() {
  local t
  for t in "${CLEAN_TARGETS[@]}"; do
    if [[ -d "$t" ]]; then
      rm -rf -- "$t"
      say "removed $t"
    fi
  done
  # keep only the newest N bundles in dist/
  if [[ -d "$DIST_DIR" ]]; then
    mapfile -t old < <(ls -1t "$DIST_DIR"/menu-*.tar.gz 2>/dev/null | tail -n +"$((KEEP_BUNDLES + 1))")
    for f in "${old[@]}"; do
      rm -f -- "$f"
      say "pruned $(basename "$f")"
    done
  fi
}

render_item() {
  local file="$1" name price
  name="$(sed -n 's/^name: *//p' "$file")"
  price="$(sed -n 's/^price: *//p' "$file")"
  printf '%-32s %6s\n' "$name" "$price"
}

build() {
  [[ -d "$SRC_DIR" ]] || { say "no $SRC_DIR folder here"; exit 1; }
  mkdir -p "$BUILD_DIR" "$DIST_DIR"
  local out="$BUILD_DIR/menu-$SEASON.txt" item count=0
  {
    printf 'THE GILDED LIME  -  %s\n\n' "${SEASON^^}"
    for item in "$SRC_DIR"/*.yml; do
      [[ -e "$item" ]] || continue
      render_item "$item"
      count=$((count + 1))
    done
  } > "$out"
  sha256sum "$out" > "$out.sha256"
  local bundle="$DIST_DIR/menu-$SEASON.tar.gz"
  tar -czf "$bundle" -C "$BUILD_DIR" "$(basename "$out")" "$(basename "$out").sha256"
  chmod 600 "$bundle"
  say "built $bundle ($count drinks)"
}

declare -A ACTIONS=([build]=build [clean]=clean)

case "${1:-all}" in
  all)   clean; build ;;
  build|clean) "${ACTIONS[$1]}" ;;
  *)     say "usage: $0 [build|clean|all]"; exit 2 ;;
esac
