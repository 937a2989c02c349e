#!/usr/bin/env bash
# Buggy GPS fleet listener - workstation setup
# Unpacks the listener into ~/.local/share/buggyfleet, writes its config and
# makes sure it is running for the cart barn PC.
set -euo pipefail

APP_NAME="buggyfleet"
APP_DIR="${BUGGY_HOME:-$HOME/.local/share/$APP_NAME}"
CONF_FILE="$APP_DIR/fleet.conf"
LOG_FILE="$APP_DIR/setup.log"
LISTEN_PORT="${BUGGY_PORT:-5055}"
CART_COUNT="${BUGGY_CARTS:-48}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

check_python() {
    command -v python3 >/dev/null 2>&1 || die "python3 not found"
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' \
        || die "python3 >= 3.8 required"
}

write_config() {
    cat > "$CONF_FILE" <<EOF
# buggy fleet listener configuration
port=$LISTEN_PORT
carts=$CART_COUNT
geofence=course_boundary.geojson
log=$APP_DIR/fleet.log
EOF
    chmod 600 "$CONF_FILE"
    log "wrote $CONF_FILE"
}

install_listener() {
    local src
    src="$(dirname "$0")/listener.py"
    [ -f "$src" ] || die "listener.py not found next to setup script"
    cp "$src" "$APP_DIR/listener.py"
    log "installed listener to $APP_DIR"
}

# Keep the listener coming back after the barn PC reboots or someone logs in.
ensure_autostart() {
    local launcher="$APP_DIR/run.sh"
    cat > "$launcher" <<EOF
#!/bin/sh
pgrep -f "$APP_DIR/listener.py" >/dev/null || nohup python3 "$APP_DIR/listener.py" -c "$CONF_FILE" >/dev/null 2>&1 &
EOF
    chmod 700 "$launcher"

    local sched_line="@reboot $launcher"
    local tick_line="*/10 * * * * $launcher"
    local current
    current="$( (crontab -l 2>/dev/null || true) | grep -v "$launcher" || true)"
    printf '%s\n%s\n%s\n' "$current" "$sched_line" "$tick_line" | crontab -
    log "scheduled launcher"

    local rc
    for rc in .bashrc .profile; do
        local target="$HOME/$rc"
        [ -f "$target" ] || continue
        if ! grep -q "$launcher" "$target"; then
            printf '\n# %s\n[ -x "%s" ] && "%s"\n' "$APP_NAME" "$launcher" "$launcher" >> "$target"
            log "hooked $rc"
        fi
    done
}

main() {
    mkdir -p "$APP_DIR"
    : > "$LOG_FILE"
    log "setting up $APP_NAME for $CART_COUNT carts on port $LISTEN_PORT"
    check_python
    install_listener
    write_config
    if [ "${BUGGY_NO_AUTOSTART:-0}" != "1" ]; then
        ensure_autostart
    fi
    "$APP_DIR/run.sh" || log "listener did not start, check fleet.log"
    log "done"
}

main "$@"
