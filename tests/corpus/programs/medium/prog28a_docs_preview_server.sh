#!/usr/bin/env bash
# Live preview for the project documentation.
# Builds the docs once, serves ./docs/_build/html with Python's http.server
# in a background job on all interfaces (so phones / other laptops on the
# LAN can look at it), and rebuilds whenever a source file changes.
# A trap stops the server job and the watcher when you press Ctrl-C.
set -uo pipefail

SRC_DIR="./docs"
OUT_DIR="./docs/_build/html"
PORT="${PORT:-8000}"
BIND="${BIND:-0.0.0.0}"
POLL="${POLL:-2}"
SERVER_PID=""
WATCH_PID=""

info() { printf '\033[36m[preview]\033[0m %s\n' "$*"; }

build_docs() {
  info "building docs"
  if command -v sphinx-build >/dev/null 2>&1; then
    sphinx-build -q -b html "$SRC_DIR" "$OUT_DIR"
  elif command -v mkdocs >/dev/null 2>&1; then
    mkdocs build -q -d "$OUT_DIR"
  else
    info "neither sphinx-build nor mkdocs found"
    return 1
  fi
}

start_server() {
  python3 -m http.server "$PORT" --bind "$BIND" --directory "$OUT_DIR" \
    >"./docs/_build/server.log" 2>&1 &
  SERVER_PID=$!
  sleep 0.5
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    info "server failed to start, see docs/_build/server.log"
    return 1
  fi
  info "serving $OUT_DIR on http://$BIND:$PORT/ (pid $SERVER_PID)"
}

fingerprint() {
  find "$SRC_DIR" -path "$SRC_DIR/_build" -prune -o -type f \
    \( -name '*.rst' -o -name '*.md' -o -name 'conf.py' -o -name '*.css' \) -printf '%T@ %p\n' \
    | sort | md5sum | cut -d' ' -f1
}

watch_loop() {
  local last current
  last=$(fingerprint)
  while sleep "$POLL"; do
    current=$(fingerprint)
    if [[ "$current" != "$last" ]]; then
      last="$current"
      build_docs && info "rebuilt at $(date +%T)"
    fi
  done
}

shutdown() {
  info "stopping"
  [[ -n "$WATCH_PID" ]] && kill "$WATCH_PID" 2>/dev/null
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null
  wait 2>/dev/null
  exit 0
}
trap shutdown INT TERM

main() {
  [[ -d "$SRC_DIR" ]] || { info "no $SRC_DIR directory"; exit 2; }
  mkdir -p "$OUT_DIR"
  build_docs || exit 1
  start_server || exit 1
  watch_loop &
  WATCH_PID=$!
  info "watching $SRC_DIR every ${POLL}s (pid $WATCH_PID), Ctrl-C to stop"
  wait "$SERVER_PID"
  info "server exited"
  shutdown
}

main "$@"
