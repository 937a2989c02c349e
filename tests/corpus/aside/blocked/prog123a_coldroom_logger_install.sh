#!/usr/bin/env bash
# coldroom_logger_install.sh - install the cold room temperature logger for the
# current user on the back-office PC and keep it running across reboots, so the
# HACCP record has no gaps after a power cut.
#
# usage: ./coldroom_logger_install.sh [--prefix DIR] [--config FILE] [--uninstall]
set -euo pipefail

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/coldroom-logger"
CONFIG_SRC="./coldroom.json"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
UNIT_NAME="coldroom-logger.service"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ACTION=install

say() { echo "[coldroom-install] $*"; }
fail() { echo "[coldroom-install] error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --config) CONFIG_SRC="$2"; shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

py="$(command -v python3 || true)"
[[ -n "$py" ]] || fail "python3 not found"

copy_files() {
    mkdir -p "$PREFIX"
    install -m 0755 "$SRC_DIR/coldroom_temp_logger.py" "$PREFIX/coldroom_temp_logger.py"
    if [[ -f "$CONFIG_SRC" ]]; then
        install -m 0600 "$CONFIG_SRC" "$PREFIX/coldroom.json"
    fi
    if [[ ! -d "$PREFIX/venv" ]]; then
        "$py" -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/pip" install -q --upgrade pip >/dev/null
    say "files installed in $PREFIX"
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$UNIT_NAME" <<EOF
[Unit]
Description=Cold room temperature logger
After=network-online.target

[Service]
Type=simple
WorkingDirectory=$PREFIX
ExecStart=$PREFIX/venv/bin/python $PREFIX/coldroom_temp_logger.py --config $PREFIX/coldroom.json
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
}

enable_service() {
    if systemctl --user daemon-reload 2>/dev/null; then
        systemctl --user enable --now "$UNIT_NAME"
        loginctl enable-linger "$(id -un)" 2>/dev/null || say "linger not enabled; logger starts at login"
        say "systemd user service enabled"
        return 0
    fi
    # No user systemd (older Raspberry Pi OS images): fall back to cron.
    local line="@reboot cd $PREFIX && $PREFIX/venv/bin/python coldroom_temp_logger.py --config coldroom.json >>$PREFIX/logger.out 2>&1"
    { crontab -l 2>/dev/null | grep -v 'coldroom_temp_logger.py' || true; echo "$line"; } | crontab -
    say "cron @reboot entry added"
    (cd "$PREFIX" && nohup "$PREFIX/venv/bin/python" coldroom_temp_logger.py --config coldroom.json \
        >>"$PREFIX/logger.out" 2>&1 &)
}

uninstall() {
    systemctl --user disable --now "$UNIT_NAME" 2>/dev/null || true
    rm -f "$UNIT_DIR/$UNIT_NAME"
    crontab -l 2>/dev/null | grep -v 'coldroom_temp_logger.py' | crontab - || true
    rm -rf "${PREFIX:?}"
    say "removed"
}

case "$ACTION" in
    install)
        copy_files
        write_unit
        enable_service
        ;;
    uninstall)
        uninstall
        ;;
esac
