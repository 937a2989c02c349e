#!/usr/bin/env bash
# build_club_site.sh - builds the static club website (news, teams, fixtures)
# from the content/ folder into build/, reusing cached fragments.
set -euo pipefail

SRC_DIR="${SRC_DIR:-content}"
OUT_DIR="${OUT_DIR:-build}"
CACHE_DIR="${CACHE_DIR:-.site_cache}"
SITE_TITLE="${SITE_TITLE:-Riverside Lacrosse Club}"
CLEAN=0
CHECK_LINKS=0
BUILD_LOG="build.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$BUILD_LOG" >&2; }

usage() {
  cat <<USAGE
Usage: $0 [-c] [-l]
  -c  remove build/ and the fragment cache first
  -l  check external links (HEAD request, 5 s timeout)
USAGE
}

parse_args() {
  while getopts ":clh" opt; do
    case "$opt" in
      c) CLEAN=1 ;;
      l) CHECK_LINKS=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
}

build_host() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
    name="${name:-unknown}"
  fi
  printf '%s' "$name"
}

fragment() {
  local src="$1" key cached
  key="$(md5sum "$src" | cut -d' ' -f1)"
  cached="$CACHE_DIR/$key.html"
  if [[ ! -f "$cached" ]]; then
    sed -e 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' \
        -e 's/^# \(.*\)$/<h2>\1<\/h2>/' \
        -e 's/^\([^<].*\)$/<p>\1<\/p>/' "$src" >"$cached"
  fi
  cat "$cached"
}

page() {
  local title="$1" body="$2"
  cat <<HTML
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>$title - $SITE_TITLE</title>
<link rel="stylesheet" href="style.css"></head>
<body><header><h1>$SITE_TITLE</h1></header>
<main>$body</main>
<footer>Built $(date +%F) on $(build_host)</footer></body></html>
HTML
}

check_links() {
  local url code
  grep -rhoE 'https?://[^ )"<]+' "$SRC_DIR" | sort -u | while read -r url; do
    code="$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 5 "$url" || echo 000)"
    [[ "$code" =~ ^(2|3) ]] || log "link issue ($code): $url"
  done
}

main() {
  parse_args "$@"
  [[ -d "$SRC_DIR" ]] || { log "no $SRC_DIR/ directory"; exit 1; }
  if (( CLEAN )); then
    rm -rf -- "./$OUT_DIR" "./$CACHE_DIR"
  fi
  mkdir -p "$OUT_DIR" "$CACHE_DIR"
  local -a pages=("$SRC_DIR"/*.md)
  local f name count=0
  for f in "${pages[@]}"; do
    [[ -f "$f" ]] || continue
    name="$(basename "$f" .md)"
    page "${name^}" "$(fragment "$f")" >"$OUT_DIR/$name.html"
    count=$((count + 1))
  done
  [[ -f "$SRC_DIR/style.css" ]] && cp "$SRC_DIR/style.css" "$OUT_DIR/"
  (( CHECK_LINKS )) && check_links
  chmod 0600 "$BUILD_LOG"
  log "built $count pages into $OUT_DIR/"
}

main "$@"
