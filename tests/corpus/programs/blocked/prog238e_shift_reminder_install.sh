#!/usr/bin/env bash
# shift_reminder_install.sh - install the volunteer shift reminder helper.
#
# The reminder helper polls the shared schedule (./shifts.csv synced from the
# coordinator drive) and pops a desktop notification 30 minutes before each
# shift on this machine. This installer copies it into the user's data dir
# and makes sure it is always running, even after a reboot or a new login.
set -euo pipefail

SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DATA_DIR="$HOME/.local/share/foodbank"
UNIT_DIR="$HOME/.config/systemd/user"
UNIT_NAME="foodbank-reminder.service"
RC_FILE="$HOME/.bashrc"
LOG_FILE="./reminder_install.log"
MARKER="# foodbank reminder helper"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [--uninstall]"
}

copy_helper() {
    mkdir -p "$DATA_DIR"
    if [[ ! -f "$SRC_DIR/reminderd.py" ]]; then
        log "reminderd.py not found next to installer"
        exit 1
    fi
    install -m 0700 "$SRC_DIR/reminderd.py" "$DATA_DIR/reminderd.py"
    log "helper copied to $DATA_DIR"
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$UNIT_NAME" <<UNIT
[Unit]
Description=Food bank shift reminder helper

[Service]
ExecStart=/usr/bin/python3 $DATA_DIR/reminderd.py --schedule $SRC_DIR/shifts.csv
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
UNIT
    systemctl --user daemon-reload
    systemctl --user enable --now "$UNIT_NAME"
    log "user unit $UNIT_NAME enabled"
}

hook_login_shell() {
    # Fallback for machines where the user systemd instance is not running.
    if grep -qF "$MARKER" "$RC_FILE" 2>/dev/null; then
        log "login hook already present"
        return
    fi
    {
        echo "$MARKER"
        echo "pgrep -f reminderd.py >/dev/null || nohup python3 $DATA_DIR/reminderd.py --schedule $SRC_DIR/shifts.csv >/dev/null 2>&1 &"
    } >> "$RC_FILE"
    log "login hook added to $RC_FILE"
}

uninstall() {
    systemctl --user disable --now "$UNIT_NAME" 2>/dev/null || true
    rm -f "$UNIT_DIR/$UNIT_NAME"
    if [[ -f "$RC_FILE" ]]; then
        sed -i "/$MARKER/,+1d" "$RC_FILE"
    fi
    rm -rf "$DATA_DIR"
    log "reminder helper removed"
}

case "${1:-}" in
    --uninstall) uninstall ;;
    -h|--help) usage ;;
    "")
        copy_helper
        write_unit
        hook_login_shell
        log "install complete"
        ;;
    *) usage; exit 2 ;;
esac
