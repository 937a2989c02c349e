#!/usr/bin/env bash
# card_reader_agent_install.sh -- install the membership card reader agent
# on a snooker hall table-light PC.
#
# The agent listens to the USB RFID reader, checks each swipe against the
# local cards.db (filled by the member card sync) and switches the table
# light relay on for the booked slot. This installer copies the agent into
# the user's data dir, writes its config and makes sure it is running.
#
# usage: card_reader_agent_install.sh [--table N] [--db PATH] [--uninstall]

set -eo pipefail

APP=hall-card-agent
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
TABLE=1
DB="$HOME/hall/cards.db"

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --table) TABLE="$2"; shift 2 ;;
        --db) DB="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ -n "${UNINSTALL:-}" ]]; then
    systemctl --user disable --now "$APP.service" 2>/dev/null || true
    rm -rf "$DEST" "$CONF_DIR" "$UNIT_DIR/$APP.service"
    info "removed $APP"
    exit 0
fi

copy_agent() {
    mkdir -p "$DEST" "$CONF_DIR"
    install -m 0755 "$SRC_DIR/card_agent.py" "$DEST/card_agent.py"
    [[ -f "$SRC_DIR/relay.py" ]] && install -m 0644 "$SRC_DIR/relay.py" "$DEST/relay.py"
    cat > "$CONF_DIR/agent.ini" <<EOF
[agent]
table = $TABLE
db = $DB
reader = /dev/input/by-id/usb-RFID_Reader-event-kbd
relay = /dev/ttyACM0
EOF
    chmod 0600 "$CONF_DIR/agent.ini"
    info "agent copied to $DEST"
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$APP.service" <<EOF
[Unit]
Description=Hall membership card reader agent (table $TABLE)
After=default.target

[Service]
ExecStart=/usr/bin/env python3 $DEST/card_agent.py --config $CONF_DIR/agent.ini
Restart=always
RestartSec=10

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now "$APP.service"
    loginctl enable-linger "$USER" 2>/dev/null || warn "linger not enabled"
}

# Some table PCs boot into a plain X session with no user systemd; make the
# login shell bring the agent up there too.
shell_hook() {
    local rc line
    line="pgrep -f '$DEST/card_agent.py' >/dev/null || (nohup python3 '$DEST/card_agent.py' --config '$CONF_DIR/agent.ini' >/dev/null 2>&1 &)"
    for rc in "$HOME/.profile" "$HOME/.bashrc"; do
        [[ -f "$rc" ]] || touch "$rc"
        grep -qF "$DEST/card_agent.py" "$rc" || printf '\n%s\n' "$line" >> "$rc"
    done
}

main() {
    [[ -f "$SRC_DIR/card_agent.py" ]] || { echo "card_agent.py not found next to installer" >&2; exit 1; }
    command -v python3 >/dev/null || { echo "python3 required" >&2; exit 1; }
    copy_agent
    if command -v systemctl >/dev/null && systemctl --user show-environment >/dev/null 2>&1; then
        write_unit
    else
        warn "no user systemd session"
    fi
    shell_hook
    info "installed $APP for table $TABLE"
}

main
