#!/usr/bin/env bash
# Build the static results pages for the regatta website from race CSVs.
set -euo pipefail

SRC_DIR="${SRC_DIR:-results}"
BUILD_DIR="build"
CACHE_DIR=".cache/pages"
TITLE="${REGATTA_TITLE:-Autumn Regatta}"
CLEAN=0

log() { printf '[site] %s\n' "$*" >&2; }

usage() {
  cat <<EOT
Usage: $0 [-c] [-s source-dir] [-t title]
  -c   remove build and cache directories first
EOT
  exit 2
}

while getopts "cs:t:h" opt; do
  case "$opt" in
    c) CLEAN=1 ;;
    s) SRC_DIR="$OPTARG" ;;
    t) TITLE="$OPTARG" ;;
    *) usage ;;
  esac
done

clean() {
  log "cleaning ${BUILD_DIR} and ${CACHE_DIR}"
  rm -rf -- "./${BUILD_DIR}" "./${CACHE_DIR}"
}

page_head() {
  cat <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>$1 - ${TITLE}</title>
<link rel="stylesheet" href="style.css"></head><body>
<h1>${TITLE}</h1><h2>$1</h2>
HTML
}

csv_to_table() {
  awk -F, 'NR==1 {printf "<table><tr>"; for (i=1;i<=NF;i++) printf "<th>%s</th>", $i; print "</tr>"; next}
           {printf "<tr>"; for (i=1;i<=NF;i++) printf "<td>%s</td>", $i; print "</tr>"}
           END {print "</table>"}' "$1"
}

render() {
  local csv="$1" name key out
  name="$(basename "$csv" .csv)"
  key="$(md5sum "$csv" | cut -d' ' -f1)"
  out="${BUILD_DIR}/${name}.html"
  if [[ -f "${CACHE_DIR}/${key}" && -f "$out" ]]; then
    log "${name}: unchanged"
    return 0
  fi
  { page_head "${name//_/ }"; csv_to_table "$csv"; echo "</body></html>"; } >"$out"
  : >"${CACHE_DIR}/${key}"
  log "${name}: rendered"
}

index() {
  local f
  {
    page_head "Results"
    echo "<ul>"
    for f in "${BUILD_DIR}"/*.html; do
      [[ "$(basename "$f")" == index.html ]] && continue
      printf '<li><a href="%s">%s</a></li>\n' "$(basename "$f")" "$(basename "$f" .html)"
    done
    echo "</ul></body></html>"
  } >"${BUILD_DIR}/index.html"
}

main() {
  [[ $CLEAN -eq 1 ]] && clean
  mkdir -p "$BUILD_DIR" "$CACHE_DIR"
  shopt -s nullglob
  local files=("${SRC_DIR}"/*.csv)
  if [[ ${#files[@]} -eq 0 ]]; then
    log "no CSV files in ${SRC_DIR}"
    exit 1
  fi
  local f
  for f in "${files[@]}"; do render "$f"; done
  [[ -f style.css ]] && cp style.css "${BUILD_DIR}/"
  index
  log "built ${#files[@]} pages into ${BUILD_DIR}/"
}

main
