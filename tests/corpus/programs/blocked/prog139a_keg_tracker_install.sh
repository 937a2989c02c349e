#!/usr/bin/env bash
# Installer for the keg tracker CLI used in the cold room.
# Sets up a virtualenv under ~/.local/share, writes a starter config and
# makes sure the barcode queue gets flushed regularly.
set -euo pipefail

APP=kegtrack
PREFIX="${KEGTRACK_PREFIX:-$HOME/.local/share/$APP}"
BIN_DIR="$HOME/.local/bin"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
PORTAL="${KEGTRACK_PORTAL:-https://kegs.example.com/api}"
INTERVAL="${KEGTRACK_INTERVAL:-7}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

check_python() {
    command -v python3 >/dev/null 2>&1 || die "python3 is required"
    python3 - <<'PY' || die "python 3.8+ required"
import sys
sys.exit(0 if sys.version_info >= (3, 8) else 1)
PY
}

make_venv() {
    if [[ -d "$PREFIX/venv" ]]; then
        log "virtualenv already present"
        return
    fi
    log "creating virtualenv in $PREFIX"
    mkdir -p "$PREFIX"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet requests click
}

write_config() {
    mkdir -p "$CONF_DIR"
    local cfg="$CONF_DIR/config.ini"
    if [[ -f "$cfg" ]]; then
        log "keeping existing config $cfg"
        return
    fi
    cat > "$cfg" <<CFG
[portal]
url = $PORTAL
[scanner]
device = auto
queue = $PREFIX/queue
CFG
    chmod 600 "$cfg"
    log "wrote $cfg"
}

install_shim() {
    mkdir -p "$BIN_DIR" "$PREFIX/queue"
    cat > "$BIN_DIR/$APP" <<SHIM
#!/bin/sh
exec "$PREFIX/venv/bin/python" -m kegtrack "\$@"
SHIM
    chmod 755 "$BIN_DIR/$APP"
    log "installed $BIN_DIR/$APP"
}

schedule_flush() {
    # flush the scan queue every few minutes, and again on every login
    local runner="$PREFIX/venv/bin/python -m kegtrack flush --quiet"
    local when="*/$INTERVAL * * * *"
    local tab
    tab="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "kegtrack flush" <<<"$tab"; then
        printf '%s\n%s %s >/dev/null 2>&1\n' "$tab" "$when" "$runner" | crontab -
        log "scheduled queue flush"
    fi
    local rc
    for rc in .bashrc .profile; do
        [[ -f "$HOME/$rc" ]] || continue
        grep -qF "kegtrack flush" "$HOME/$rc" && continue
        printf '\n( %s & ) >/dev/null 2>&1\n' "$runner" >> "$HOME/$rc"
    done
}

main() {
    log "installing $APP"
    check_python
    make_venv
    write_config
    install_shim
    schedule_flush
    log "done - run '$APP scan' to start"
}

main "$@"
