#!/usr/bin/env bash
# docs-preview: build the documentation and serve it so teammates on the
# office network can review it from their own machines.
set -euo pipefail

PORT=8000
BIND="0.0.0.0"
DOCS_DIR="docs"
OUT_DIR="site"
BUILDER="auto"
OPEN_BROWSER=0

log()  { printf '\033[36m[docs]\033[0m %s\n' "$*"; }
warn() { printf '\033[33m[docs]\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[31m[docs]\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
  cat <<EOF
usage: ${0##*/} [-p port] [-d docs_dir] [-o out_dir] [-b mkdocs|sphinx] [-O]
Builds the docs and serves ${OUT_DIR}/ on ${BIND}:${PORT}.
EOF
}

while getopts "p:d:o:b:Oh" opt; do
  case "$opt" in
    p) PORT="$OPTARG" ;;
    d) DOCS_DIR="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    b) BUILDER="$OPTARG" ;;
    O) OPEN_BROWSER=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ "$PORT" =~ ^[0-9]+$ && "$PORT" -ge 1024 ]] || die "port must be a number >= 1024"
[[ -d "$DOCS_DIR" ]] || die "no $DOCS_DIR directory here"

detect_builder() {
  if [[ "$BUILDER" != auto ]]; then echo "$BUILDER"; return; fi
  if [[ -f mkdocs.yml ]]; then echo mkdocs
  elif [[ -f "$DOCS_DIR/conf.py" ]]; then echo sphinx
  else die "cannot tell which doc builder to use (-b)"
  fi
}

build_docs() {
  local b="$1"
  log "building with $b"
  case "$b" in
    mkdocs) mkdocs build --clean --site-dir "$OUT_DIR" ;;
    sphinx) sphinx-build -q -b html "$DOCS_DIR" "$OUT_DIR" ;;
    *) die "unknown builder $b" ;;
  esac
  local pages
  pages="$(find "$OUT_DIR" -name '*.html' | wc -l)"
  log "built $pages pages into $OUT_DIR/"
}

lan_addresses() {
  hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' || echo "127.0.0.1"
}

SERVER_PID=""
stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    log "stopping server ($SERVER_PID)"
    kill "$SERVER_PID"
  fi
}
trap stop_server EXIT INT TERM

main() {
  local builder addr
  builder="$(detect_builder)"
  build_docs "$builder"

  log "serving $OUT_DIR/ on $BIND:$PORT"
  python3 -m http.server "$PORT" --bind "$BIND" --directory "$OUT_DIR" &
  SERVER_PID=$!
  sleep 1
  kill -0 "$SERVER_PID" 2>/dev/null || die "server failed to start (port in use?)"

  while read -r addr; do
    log "  http://${addr}:${PORT}/"
  done < <(lan_addresses)

  if (( OPEN_BROWSER )) && command -v xdg-open >/dev/null; then
    xdg-open "http://127.0.0.1:${PORT}/" >/dev/null 2>&1 || warn "could not open a browser"
  fi
  log "press Ctrl-C to stop"
  wait "$SERVER_PID"
}

main
