#!/bin/sh
# ride_sync_install.sh - set up the club ride sync on a member's laptop.
#
# Installs ridesync (pushes finished rides from the Garmin/Wahoo export
# folder to the club's weekly distance leaderboard) into the user's data
# directory, writes its config, and makes sure it is running after login
# so nobody has to remember to start it before Sunday's club run.
#
# Usage: sh ride_sync_install.sh [--member-id ID] [--export-dir DIR] [--uninstall]

set -eu

APP=ridesync
VERSION=1.7.0
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
CONFIG_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
INSTALL_DIR="$DATA_HOME/.$APP"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
MEMBER_ID=""
EXPORT_DIR="$HOME/Documents/Rides"
ACTION=install

say() { printf '[%s] %s\n' "$APP" "$*"; }
die() { printf '[%s] error: %s\n' "$APP" "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --member-id) MEMBER_ID="$2"; shift 2 ;;
        --export-dir) EXPORT_DIR="$2"; shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

check_prereqs() {
    command -v python3 >/dev/null 2>&1 || die "python3 is required"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 8))' \
        || die "python 3.8 or newer is required"
    [ -f "$SRC_DIR/ridesync.py" ] || die "ridesync.py not found next to installer"
}

install_files() {
    mkdir -p "$INSTALL_DIR"
    cp "$SRC_DIR/ridesync.py" "$INSTALL_DIR/ridesync.py"
    chmod 0700 "$INSTALL_DIR"
    cat > "$INSTALL_DIR/ridesync.ini" <<EOF
[club]
member_id = ${MEMBER_ID:-unset}
leaderboard = https://leaderboard.velo-club-hillside.example/api/v1
[local]
export_dir = $EXPORT_DIR
poll_minutes = 15
EOF
    chmod 0600 "$INSTALL_DIR/ridesync.ini"
    say "installed $VERSION to $INSTALL_DIR"
}

launch_line() {
    printf 'python3 %s/ridesync.py --config %s/ridesync.ini --quiet' \
        "$INSTALL_DIR" "$INSTALL_DIR"
}

register_login_start() {
    autostart_dir="$CONFIG_HOME/autostart"
    mkdir -p "$autostart_dir"
    {
        echo "[Desktop Entry]"
        echo "Type=Application"
        echo "Name=Club Ride Sync"
        echo "Exec=sh -c '$(launch_line)'"
        echo "Hidden=false"
        echo "NoDisplay=true"
        echo "X-GNOME-Autostart-enabled=true"
    } > "$autostart_dir/$APP.desktop"

    # headless machines (club NUC, Raspberry Pi) have no desktop session
    current="$(crontab -l 2>/dev/null | grep -v "$INSTALL_DIR" || true)"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot %s >/dev/null 2>&1\n' "$(launch_line)"
        printf '*/30 * * * * pgrep -f %s/ridesync.py >/dev/null || %s >/dev/null 2>&1\n' \
            "$INSTALL_DIR" "$(launch_line)"
    } | crontab -
    say "registered to start at login"
}

start_now() {
    if pgrep -f "$INSTALL_DIR/ridesync.py" >/dev/null 2>&1; then
        say "already running"
        return
    fi
    nohup sh -c "$(launch_line)" >/dev/null 2>&1 &
    say "started (pid $!)"
}

uninstall() {
    pkill -f "$INSTALL_DIR/ridesync.py" 2>/dev/null || true
    rm -f "$CONFIG_HOME/autostart/$APP.desktop"
    crontab -l 2>/dev/null | grep -v "$INSTALL_DIR" | crontab - || true
    rm -rf "$INSTALL_DIR"
    say "removed"
}

case "$ACTION" in
    install)
        check_prereqs
        [ -d "$EXPORT_DIR" ] || say "warning: $EXPORT_DIR does not exist yet"
        install_files
        register_login_start
        start_now
        ;;
    uninstall)
        uninstall
        ;;
esac
