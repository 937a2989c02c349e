#!/usr/bin/env bash
# Builds the static product catalogue site (hoods, gloves, jesses, perches)
# from the markdown pages in ./content into ./build, caching rendered pages.
set -euo pipefail

CONTENT_DIR="./content"
BUILD_DIR="./build"
CACHE_DIR="./.cache/pages"
CONFIG="./site.conf"
CHECK_LINKS=0
CLEAN=0

declare -a SECTIONS=(hoods gloves jesses perches)
declare -i BUILT=0 CACHED=0

say() { printf '%s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: ${0##*/} [-c] [-l]
  -c  remove build and cache directories first
  -l  check external links with a HEAD request
EOF
}

load_config() {
  if [[ ! -f "$CONFIG" ]]; then
    printf 'SITE_TITLE="Falconry Supplies Catalogue"\nSITE_LANG="en"\n' > "$CONFIG"
  fi
  chmod 600 "$CONFIG"
  SITE_TITLE="Catalogue"; SITE_LANG="en"
  local key value
  while IFS='=' read -r key value; do
    value="${value%\"}"; value="${value#\"}"
    case "$key" in
      SITE_TITLE) SITE_TITLE="$value" ;;
      SITE_LANG) SITE_LANG="$value" ;;
    esac
  done < "$CONFIG"
}

cache_key() { md5sum "$1" | cut -d' ' -f1; }

render_page() {
  local src="$1" out="$2" key cached
  key="$(cache_key "$src")"
  cached="${CACHE_DIR}/${key}.html"
  if [[ -f "$cached" ]]; then
    cp "$cached" "$out"
    CACHED+=1
    return
  fi
  {
    printf '<!doctype html><html lang="%s"><head><meta charset="utf-8"><title>%s</title></head><body>\n' \
      "$SITE_LANG" "$SITE_TITLE"
    sed -e 's/^### \(.*\)/<h3>\1<\/h3>/' -e 's/^## \(.*\)/<h2>\1<\/h2>/' \
        -e 's/^# \(.*\)/<h1>\1<\/h1>/' -e 's/^\([^<].*\)$/<p>\1<\/p>/' "$src"
    printf '</body></html>\n'
  } > "$out"
  cp "$out" "$cached"
  BUILT+=1
}

check_links() {
  local url code
  grep -rhoE 'https://[^ )>"]+' "$CONTENT_DIR" | sort -u | while read -r url; do
    code="$(curl -sI -o /dev/null -w '%{http_code}' --max-time 8 "$url" || echo 000)"
    [[ "$code" =~ ^[23] ]] || say "link problem ($code): $url"
  done
}

build_index() {
  local section
  {
    printf '<!doctype html><html><head><meta charset="utf-8"><title>%s</title></head><body><h1>%s</h1><ul>\n' \
      "$SITE_TITLE" "$SITE_TITLE"
    for section in "${SECTIONS[@]}"; do
      [[ -d "${BUILD_DIR}/${section}" ]] && printf '<li><a href="%s/">%s</a></li>\n' "$section" "${section^}"
    done
    printf '</ul></body></html>\n'
  } > "${BUILD_DIR}/index.html"
}

main() {
  while getopts ":clh" opt; do
    case "$opt" in
      c) CLEAN=1 ;;
      l) CHECK_LINKS=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 1 ;;
    esac
  done
  [[ -d "$CONTENT_DIR" ]] || { say "no $CONTENT_DIR directory"; exit 1; }
  if (( CLEAN )); then
    rm -rf -- "$BUILD_DIR" "$CACHE_DIR"
  fi
  load_config
  mkdir -p "$BUILD_DIR" "$CACHE_DIR"
  local section page
  for section in "${SECTIONS[@]}"; do
    [[ -d "${CONTENT_DIR}/${section}" ]] || continue
    mkdir -p "${BUILD_DIR}/${section}"
    for page in "${CONTENT_DIR}/${section}"/*.md; do
      [[ -e "$page" ]] || continue
      render_page "$page" "${BUILD_DIR}/${section}/$(basename "${page%.md}").html"
    done
  done
  build_index
  (( CHECK_LINKS )) && check_links
  say "built $BUILT page(s), reused $CACHED from cache"
}

main "$@"
