#!/usr/bin/env bash
# static_site_build.sh - build the static results pages from ./data/results.csv
#
# Renders one page per category plus an index into ./build, then checks
# that the live site answers. Deploy settings sit in ./deploy.env which
# is kept private to the owner.
#   static_site_build.sh [--clean] [--check-live]
set -euo pipefail

DATA="./data/results.csv"
BUILD="./build"
CACHE="./.build_cache"
ENV_FILE="./deploy.env"
LIVE="https://results.example.org/"
CLEAN=0
CHECK=0

for a in "$@"; do
  case "$a" in
    --clean) CLEAN=1 ;;
    --check-live) CHECK=1 ;;
    *) echo "usage: $0 [--clean] [--check-live]" >&2; exit 1 ;;
  esac
done

log() { echo "[build] $*"; }

prepare() {
  if [[ "$CLEAN" -eq 1 ]]; then
    rm -rf -- "$BUILD" "$CACHE"
    log "cleaned $BUILD and $CACHE"
  fi
  mkdir -p "$BUILD" "$CACHE"
  if [[ -f "$ENV_FILE" ]]; then
    chmod 600 "$ENV_FILE"
  fi
}

categories() {
  tail -n +2 "$DATA" | cut -d, -f4 | sort -u
}

page_head() {
  printf '<!doctype html><meta charset="utf-8"><title>%s</title>\n' "$1"
  printf '<link rel="stylesheet" href="style.css"><h1>%s</h1>\n' "$1"
}

render_category() {
  local cat="$1" out
  out="$BUILD/$(echo "$cat" | tr 'A-Z ' 'a-z_').html"
  {
    page_head "Results - $cat"
    echo "<table><tr><th>Place</th><th>Bib</th><th>Name</th><th>Time</th></tr>"
    awk -F, -v c="$cat" 'NR>1 && $4==c {
      gsub(/&/,"\\&amp;",$3); gsub(/</,"\\&lt;",$3);
      printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", $1,$2,$3,$5
    }' "$DATA"
    echo "</table>"
  } >"$out"
  echo "$out"
}

render_index() {
  {
    page_head "Results"
    echo "<ul>"
    local f
    for f in "$BUILD"/*.html; do
      [[ "$(basename "$f")" == index.html ]] && continue
      printf '<li><a href="%s">%s</a></li>\n' "$(basename "$f")" "$(basename "$f" .html)"
    done
    echo "</ul>"
  } >"$BUILD/index.html"
}

check_live() {
  local code
  code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 10 "$LIVE" || echo 000)
  log "live site answered $code"
}

main() {
  [[ -f "$DATA" ]] || { log "missing $DATA"; exit 1; }
  prepare
  local n=0 cat
  while IFS= read -r cat; do
    [[ -n "$cat" ]] || continue
    render_category "$cat" >/dev/null
    n=$((n + 1))
  done < <(categories)
  [[ -f ./static/style.css ]] && cp ./static/style.css "$BUILD/"
  render_index
  log "built $n category pages in $BUILD"
  [[ "$CHECK" -eq 1 ]] && check_live
  exit 0
}

main
