#!/usr/bin/env bash
# depot_sync_agent_install.sh - install the storage depot sync agent for the
# current user on a front-desk PC.
#
# The agent (depot_sync_agent.py, shipped next to this script) uploads unit
# occupancy and overlocking changes to the StoreDesk cloud every few minutes.
# It runs as the logged-in user and needs no root.
#
#   ./depot_sync_agent_install.sh [--site CODE] [--interval SECONDS] [--uninstall]

set -euo pipefail

SITE="${DEPOT_SITE:-}"
INTERVAL=300
ACTION=install
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/depot-sync"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
UNIT_NAME="storedesk-sync.service"

msg() { echo "==> $*"; }
die() { echo "error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

uninstall() {
    systemctl --user disable --now "$UNIT_NAME" 2>/dev/null || true
    rm -f "$UNIT_DIR/$UNIT_NAME"
    rm -rf "$PREFIX"
    systemctl --user daemon-reload || true
    msg "agent removed"
}

write_env() {
    local env_file="$PREFIX/agent.env"
    {
        echo "DEPOT_SITE=$SITE"
        echo "SYNC_INTERVAL=$INTERVAL"
        echo "STOREDESK_URL=${STOREDESK_URL:-https://api.storedesk.example}"
    } >"$env_file"
    chmod 600 "$env_file"
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat >"$UNIT_DIR/$UNIT_NAME" <<EOF
[Unit]
Description=StoreDesk depot sync agent
After=network-online.target

[Service]
Type=simple
EnvironmentFile=$PREFIX/agent.env
ExecStart=$PREFIX/venv/bin/python $PREFIX/depot_sync_agent.py
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
}

install() {
    [[ -n "$SITE" ]] || die "--site is required (or set DEPOT_SITE)"
    [[ -f "$SRC_DIR/depot_sync_agent.py" ]] || die "depot_sync_agent.py not found next to installer"
    command -v python3 >/dev/null || die "python3 not found"

    msg "installing into $PREFIX"
    mkdir -p "$PREFIX"
    cp "$SRC_DIR/depot_sync_agent.py" "$PREFIX/"
    [[ -f "$SRC_DIR/requirements.txt" ]] && cp "$SRC_DIR/requirements.txt" "$PREFIX/"

    if [[ ! -x "$PREFIX/venv/bin/python" ]]; then
        python3 -m venv "$PREFIX/venv"
    fi
    if [[ -f "$PREFIX/requirements.txt" ]]; then
        "$PREFIX/venv/bin/pip" install -q -r "$PREFIX/requirements.txt"
    fi

    write_env
    write_unit

    systemctl --user daemon-reload
    systemctl --user enable --now "$UNIT_NAME"
    # keep the agent running when nobody is logged in at the desk
    loginctl enable-linger "$USER" 2>/dev/null || msg "could not enable linger; agent runs only while logged in"

    msg "agent installed for site $SITE, syncing every ${INTERVAL}s"
    systemctl --user --no-pager status "$UNIT_NAME" | head -n 5 || true
}

case "$ACTION" in
    install) install ;;
    uninstall) uninstall ;;
esac
