#!/usr/bin/env bash
# proof gallery: puts the day's design proofs up on the workshop network so
# boat owners at the dock can look at them on their phones.
set -euo pipefail

PROOFS_DIR="${PROOFS_DIR:-${PWD}/proofs}"
PORT="${PORT:-8000}"
LISTEN="0.0.0.0"
PID_FILE="/tmp/proof-gallery.pid"
INDEX_NAME="index.html"

msg() { printf '[gallery] %s\n' "$*"; }

build_index() {
  local dir="$1" f
  {
    cat <<'EOF'
<!doctype html><html><head><meta charset="utf-8">
<title>Today's proofs</title>
<style>body{font-family:sans-serif}img{max-width:30em;margin:.5em}</style>
</head><body><h1>Design proofs</h1>
EOF
    for f in "$dir"/*.{png,jpg,jpeg}; do
      [[ -e "$f" ]] || continue
      printf '<figure><img src="%s"><figcaption>%s</figcaption></figure>\n' \
        "$(basename "$f")" "$(basename "${f%.*}" | tr '_' ' ')"
    done
    echo '</body></html>'
  } > "${dir}/${INDEX_NAME}"
}

server_cmd() {
  local -a cmd=(python3 -m "http.server" "$PORT" --bind "$LISTEN" --directory "$PROOFS_DIR")
  printf '%s\0' "${cmd[@]}"
}

is_running() {
  [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start() {
  [[ -d "$PROOFS_DIR" ]] || { msg "no proofs directory at ${PROOFS_DIR}"; exit 1; }
  if is_running; then
    msg "already serving (pid $(cat "$PID_FILE"))"; return 0
  fi
  build_index "$PROOFS_DIR"
  local -a cmd
  mapfile -d '' -t cmd < <(server_cmd)
  nohup "${cmd[@]}" >"${PROOFS_DIR}/.gallery.log" 2>&1 &
  echo $! > "$PID_FILE"
  msg "serving ${PROOFS_DIR} on port ${PORT} (pid $!)"
}

stop() {
  if is_running; then
    kill "$(cat "$PID_FILE")"
    msg "stopped"
  else
    msg "not running"
  fi
  rm -f "$PID_FILE"
}

status() {
  if is_running; then msg "running, pid $(cat "$PID_FILE")"; else msg "stopped"; fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [index]="build_index")

main() {
  local action="${1:-start}"
  if [[ -z "${ACTIONS[$action]:-}" ]]; then
    echo "Usage: ${0##*/} {start|stop|status|index}" >&2
    exit 2
  fi
  if [[ "$action" == "index" ]]; then
    build_index "$PROOFS_DIR"
  else
    "${ACTIONS[$action]}"
  fi
}

main "$@"
