#!/usr/bin/env bash
# do_alarm_install.sh - set up the dissolved-oxygen alarm notifier for the
# current operator account on a site PC.
#
# Creates a virtualenv under ~/.local/share/do-alarm, installs the notifier
# from the current checkout, copies alarm.yaml, and keeps the notifier running
# across logouts and reboots so night alarms are not missed.
#
# Usage: ./do_alarm_install.sh [--config alarm.yaml] [--python python3] [--uninstall]
set -eu

APP=do-alarm
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
UNIT="$UNIT_DIR/$APP.service"
CONFIG=./alarm.yaml
PY=python3
ACTION=install

while [ $# -gt 0 ]; do
    case "$1" in
        --config) CONFIG="$2"; shift 2 ;;
        --python) PY="$2"; shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

uninstall() {
    systemctl --user disable --now "$APP.service" 2>/dev/null || true
    rm -f "$UNIT"
    systemctl --user daemon-reload || true
    rm -rf "$PREFIX"
    info "removed $APP (config left in $CONF_DIR)"
}

build_env() {
    command -v "$PY" >/dev/null || fail "$PY not found"
    "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 8))' || fail "python 3.8+ required"
    info "creating virtualenv in $PREFIX"
    "$PY" -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet .
}

install_config() {
    [ -f "$CONFIG" ] || fail "config $CONFIG not found"
    mkdir -p "$CONF_DIR"
    install -m 0600 "$CONFIG" "$CONF_DIR/alarm.yaml"
    if [ ! -f "$CONF_DIR/env" ]; then
        umask 077
        printf 'SMS_API_KEY=\nALARM_RECIPIENTS=\n' > "$CONF_DIR/env"
        info "fill in $CONF_DIR/env with the SMS gateway key and recipients"
    fi
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT" <<EOF
[Unit]
Description=Dissolved oxygen alarm notifier
After=network-online.target

[Service]
Type=simple
EnvironmentFile=$CONF_DIR/env
ExecStart=$PREFIX/venv/bin/do-alarm --config $CONF_DIR/alarm.yaml
Restart=always
RestartSec=15

[Install]
WantedBy=default.target
EOF
    info "wrote $UNIT"
}

enable_unit() {
    systemctl --user daemon-reload
    systemctl --user enable --now "$APP.service"
    # keep the user manager alive without an open session
    loginctl enable-linger "$(id -un)" 2>/dev/null || info "could not enable linger; notifier stops at logout"
    systemctl --user --no-pager status "$APP.service" | head -n 5 || true
}

if [ "$ACTION" = uninstall ]; then
    uninstall
    exit 0
fi

build_env
install_config
write_unit
enable_unit
info "$APP installed"
