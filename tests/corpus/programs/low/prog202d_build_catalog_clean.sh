#!/usr/bin/env bash
# Rebuilds the printable equipment catalogue (skates, helmets, sticks) from
# the Markdown sources in this project, reusing cached pages when the
# sources have not changed.
set -euo pipefail

cd "$(dirname "$0")"

SRC_DIR="catalog_src"
BUILD_DIR="build"
CACHE_DIR=".cache/catalog"
STATE_FILE=".catalog_state"
declare -a CLEAN_TARGETS=("$BUILD_DIR" "$CACHE_DIR")
declare -A MODES=([build]=do_build [clean]=do_clean [rebuild]=do_rebuild)

note() { printf '[catalog] %s\n' "$*"; }

cache_key() {
  local f
  for f in "$SRC_DIR"/*.md; do
    [[ -e "$f" ]] || continue
    md5sum "$f"
  done | md5sum | cut -d' ' -f1
}

do_clean() {
  local t
  for t in "${CLEAN_TARGETS[@]}"; do
    case "$t" in
      ""|/*|*..*) note "refusing odd path '$t'"; return 1 ;;
    esac
    if [[ -d "$t" ]]; then
      rm -rf -- "./$t"
      note "removed $t"
    fi
  done
  rm -f -- "$STATE_FILE"
}

render_page() {
  local src="$1" out="$2"
  {
    printf '<article>\n'
    sed -e 's/^# \(.*\)/<h1>\1<\/h1>/' -e 's/^## \(.*\)/<h2>\1<\/h2>/' "$src"
    printf '</article>\n'
  } >"$out"
}

do_build() {
  local key cached f out
  [[ -d "$SRC_DIR" ]] || { note "no $SRC_DIR directory"; return 1; }
  key="$(cache_key)"
  cached="$CACHE_DIR/$key"
  mkdir -p "$BUILD_DIR" "$CACHE_DIR"

  if [[ -d "$cached" ]]; then
    note "sources unchanged, reusing cache $key"
    cp -r "$cached"/. "$BUILD_DIR"/
  else
    for f in "$SRC_DIR"/*.md; do
      [[ -e "$f" ]] || continue
      out="$BUILD_DIR/$(basename "${f%.md}").html"
      render_page "$f" "$out"
      note "rendered $(basename "$f")"
    done
    mkdir -p "$cached"
    cp -r "$BUILD_DIR"/. "$cached"/
  fi

  printf 'key=%s\nbuilt=%s\n' "$key" "$(date -u +%FT%TZ)" >"$STATE_FILE"
  chmod 600 "$STATE_FILE"
  note "catalogue ready in $BUILD_DIR ($(find "$BUILD_DIR" -name '*.html' | wc -l) pages)"
}

do_rebuild() { do_clean && do_build; }

mode="${1:-build}"
fn="${MODES[$mode]:-}"
if [[ -z "$fn" ]]; then
  echo "usage: $(basename "$0") [build|clean|rebuild]" >&2
  exit 64
fi
"$fn"
