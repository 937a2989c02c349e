#!/usr/bin/env bash
# barrier-share-setup: share this machine's keyboard and mouse with the screens
# next to it using Barrier.
#
# Writes ~/.local/share/barrier/barrier.conf from a short layout description,
# creates the TLS certificate barriers expects and starts the server.
#
#   barrier-kvm-setup.sh --left laptop --right htpc
#   barrier-kvm-setup.sh --right work-mac --no-start
set -euo pipefail

PROG=${0##*/}
BARRIER_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/barrier"
CONF="$BARRIER_HOME/barrier.conf"
PORT="${BARRIER_PORT:-24800}"
THIS_SCREEN="$(hostname -s)"
LEFT="" RIGHT="" UP="" DOWN=""
START=1
OPEN_PORT=1

log()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [--left HOST] [--right HOST] [--up HOST] [--down HOST]
             [--port N] [--no-start] [--keep-firewall]
EOF
    exit "${1:-0}"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --left)  LEFT="$2"; shift 2 ;;
        --right) RIGHT="$2"; shift 2 ;;
        --up)    UP="$2"; shift 2 ;;
        --down)  DOWN="$2"; shift 2 ;;
        --port)  PORT="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        --keep-firewall) OPEN_PORT=0; shift ;;
        -h|--help) usage 0 ;;
        *) log "unknown option $1"; usage 1 ;;
    esac
done

[[ -n "$LEFT$RIGHT$UP$DOWN" ]] || die "give at least one neighbouring screen"
command -v barriers >/dev/null || die "barriers not found (install the barrier package)"

write_config() {
    mkdir -p "$BARRIER_HOME"
    {
        echo "section: screens"
        for s in "$THIS_SCREEN" $LEFT $RIGHT $UP $DOWN; do
            printf '\t%s:\n' "$s"
        done
        echo "end"
        echo
        echo "section: links"
        printf '\t%s:\n' "$THIS_SCREEN"
        [[ -n "$LEFT" ]]  && printf '\t\tleft = %s\n' "$LEFT"
        [[ -n "$RIGHT" ]] && printf '\t\tright = %s\n' "$RIGHT"
        [[ -n "$UP" ]]    && printf '\t\tup = %s\n' "$UP"
        [[ -n "$DOWN" ]]  && printf '\t\tdown = %s\n' "$DOWN"
        for pair in "left:$LEFT:right" "right:$RIGHT:left" "up:$UP:down" "down:$DOWN:up"; do
            IFS=: read -r _ peer back <<<"$pair"
            [[ -z "$peer" ]] && continue
            printf '\t%s:\n\t\t%s = %s\n' "$peer" "$back" "$THIS_SCREEN"
        done
        echo "end"
        echo
        echo "section: options"
        echo "	switchDelay = 250"
        echo "	clipboardSharing = true"
        echo "end"
    } >"$CONF"
    log "wrote $CONF"
}

ensure_certificate() {
    local ssl_dir="$BARRIER_HOME/SSL"
    local pem="$ssl_dir/Barrier.pem"
    [[ -s "$pem" ]] && return 0
    mkdir -p "$ssl_dir/Fingerprints"
    openssl req -x509 -nodes -days 3650 -subj "/CN=Barrier" \
        -newkey rsa:2048 -keyout "$pem" -out "$pem" 2>/dev/null
    chmod 600 "$pem"
    openssl x509 -fingerprint -sha256 -noout -in "$pem" \
        | cut -d= -f2 >"$ssl_dir/Fingerprints/Local.txt"
    log "created certificate $pem"
}

lan_subnet() {
    ip -o -f inet route show scope link 2>/dev/null \
        | awk '$1 ~ /\// {print $1; exit}'
}

# let clients on the LAN reach the server port
open_port() {
    local subnet
    subnet="${BARRIER_SUBNET:-$(lan_subnet)}"
    [[ -n "$subnet" ]] || { log "could not work out the LAN subnet, skipping firewall"; return 0; }
    if command -v ufw >/dev/null && sudo ufw status 2>/dev/null | grep -q "Status: active"; then
        log "allowing $subnet to port $PORT/tcp in ufw"
        sudo ufw allow from "$subnet" to any port "$PORT" proto tcp comment barrier
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "allowing $PORT/tcp in firewalld zone"
        sudo firewall-cmd --permanent --add-rich-rule \
            "rule family=ipv4 source address=$subnet port port=$PORT protocol=tcp accept"
        sudo firewall-cmd --reload
    fi
}

start_server() {
    if pgrep -x barriers >/dev/null; then
        log "restarting running barriers"
        pkill -x barriers || true
        sleep 1
    fi
    barriers --name "$THIS_SCREEN" --config "$CONF" \
        --address ":$PORT" --enable-crypto --log "$BARRIER_HOME/barriers.log" -d INFO
    log "barriers listening on port $PORT as '$THIS_SCREEN'"
}

write_config
ensure_certificate
(( OPEN_PORT )) && open_port
(( START )) && start_server
log "done; on each client run: barrierc --enable-crypto $(hostname -I | awk '{print $1}'):$PORT"
