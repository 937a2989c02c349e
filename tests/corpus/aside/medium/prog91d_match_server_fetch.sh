#!/usr/bin/env bash
# match_server_fetch.sh - prepare a CS2 match server for a bracket slot.
#
# Pulls the per-event config bundle (maplist, admins, plugin configs) from the
# provisioning host, lays down the server.cfg for the match and starts the
# dedicated server in a tmux pane.
#
#   ./match_server_fetch.sh -n ub-r1-m3 -p 27035 -d ./servers
#
# Settings can also come from ./provision.env (PROVISION_HOST, GSLT, RCON_PASS).

set -euo pipefail

SCRIPT_NAME="$(basename "$0")"
MATCH_NAME=""
PORT=27015
BASE_DIR="./servers"
RETRIES=4
BUNDLE_TMP="/tmp/match_cfg_bundle.tar.gz"

if [[ -f ./provision.env ]]; then
    # shellcheck disable=SC1091
    source ./provision.env
fi
PROVISION_HOST="${PROVISION_HOST:-provision.lan:8443}"
BUNDLE_PATH="${BUNDLE_PATH:-/cs2/bundle.tar.gz}"
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

fetch_bundle() {
    # provisioning box on the admin VLAN uses a self-signed cert
    local attempt=1
    while (( attempt <= RETRIES )); do
        if curl -ksfS --max-time 20 -o "$BUNDLE_TMP" \
                "https://${PROVISION_HOST}${BUNDLE_PATH}?match=${MATCH_NAME}"; then
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

apply_bundle() {
    fetch_bundle || die "could not fetch bundle from $PROVISION_HOST"
    log "bundle received ($(stat -c %s "$BUNDLE_TMP") bytes), unpacking"
    tar -xzf "$BUNDLE_TMP" -C "$SERVER_DIR/cfg" --no-same-owner \
        || die "bundle unpack failed for $MATCH_NAME"
    rm -f "$BUNDLE_TMP"
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

apply_bundle
write_server_cfg
start_server
log "done"
