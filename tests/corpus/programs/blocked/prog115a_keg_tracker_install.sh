#!/usr/bin/env bash
# keg_tracker_install.sh - set up the RFID keg tracker agent for a taproom box.
#
# Creates a virtualenv under ~/.local/share/kegtrack, installs the agent from
# the checked-out source tree, writes a starter config and makes sure the
# agent comes back after the cellar PC is rebooted or someone logs in.
set -euo pipefail

APP_NAME="kegtrack"
PREFIX="${KEGTRACK_PREFIX:-$HOME/.local/share/$APP_NAME}"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$APP_NAME"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3}"
READER_PORT="${READER_PORT:-/dev/ttyACM0}"
KEEPALIVE=1

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die()  { log "ERROR: $*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [--prefix DIR] [--port DEV] [--no-keepalive]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --port) READER_PORT="$2"; shift 2 ;;
        --no-keepalive) KEEPALIVE=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; die "unknown option $1" ;;
    esac
done

command -v "$PYTHON" >/dev/null || die "$PYTHON not found"

make_venv() {
    log "creating virtualenv in $PREFIX"
    mkdir -p "$PREFIX"
    "$PYTHON" -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "$SRC_DIR"
}

write_config() {
    mkdir -p "$CONF_DIR"
    local conf="$CONF_DIR/agent.toml"
    if [[ -f "$conf" ]]; then
        log "keeping existing $conf"
        return
    fi
    cat >"$conf" <<EOF
[reader]
port = "$READER_PORT"
baud = 115200

[inventory]
db = "$PREFIX/kegs.sqlite"
flush_seconds = 30
EOF
    chmod 600 "$conf"
    log "wrote $conf"
}

write_launcher() {
    local launcher="$PREFIX/run-agent.sh"
    cat >"$launcher" <<EOF
#!/usr/bin/env bash
pgrep -u "\$USER" -f "kegtrack-agent" >/dev/null && exit 0
exec "$PREFIX/venv/bin/kegtrack-agent" --config "$CONF_DIR/agent.toml" >>"$PREFIX/agent.log" 2>&1
EOF
    chmod 700 "$launcher"
    echo "$launcher"
}

register_keepalive() {
    local launcher="$1"
    local line="*/5 * * * * $launcher"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -Fq "$launcher" <<<"$current"; then
        printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
        log "scheduled keepalive every 5 minutes"
    fi
    local rc="$HOME/.bashrc"
    if ! grep -Fq "$launcher" "$rc" 2>/dev/null; then
        printf '\n# kegtrack\n( %s & ) >/dev/null 2>&1\n' "$launcher" >>"$rc"
        log "added login hook to $rc"
    fi
}

main() {
    make_venv
    write_config
    launcher="$(write_launcher)"
    if [[ "$KEEPALIVE" -eq 1 ]]; then
        register_keepalive "$launcher"
    fi
    log "starting agent"
    nohup "$launcher" >/dev/null 2>&1 &
    log "done - agent log at $PREFIX/agent.log"
}

main "$@"
