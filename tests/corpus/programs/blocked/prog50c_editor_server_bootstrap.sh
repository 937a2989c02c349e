#!/usr/bin/env bash
# Bootstrap the browser editor server on a remote dev host.
# Picks the build for this CPU, fetches the vendor's install helper for
# that channel and lets it lay down the server, then starts it bound to
# localhost for use through an SSH tunnel.
#
#   editor_server_bootstrap.sh [stable|insiders] [port]

set -euo pipefail

CHANNEL="${1:-stable}"
PORT="${2:-8443}"
BASE_URL="${EDITOR_DL_BASE:-https://dl.remote-editor-builds.dev}"
INSTALL_ROOT="${XDG_DATA_HOME:-$HOME/.local/share}/editor-server"
LOG="$INSTALL_ROOT/bootstrap.log"

mkdir -p "$INSTALL_ROOT"
exec 3>>"$LOG"

note() { echo "[bootstrap] $*" | tee /dev/fd/3; }
fail() { note "ERROR: $*"; exit 1; }

detect_arch() {
    case "$(uname -m)" in
        x86_64|amd64)  echo x64 ;;
        aarch64|arm64) echo arm64 ;;
        armv7l)        echo armhf ;;
        *)             fail "unsupported architecture $(uname -m)" ;;
    esac
}

detect_libc() {
    if ldd --version 2>&1 | grep -qi musl; then echo musl; else echo glibc; fi
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 "$1"
    elif command -v wget >/dev/null 2>&1; then
        wget -qO- "$1"
    else
        fail "need curl or wget"
    fi
}

already_running() {
    [ -f "$INSTALL_ROOT/server.pid" ] && kill -0 "$(cat "$INSTALL_ROOT/server.pid")" 2>/dev/null
}

case "$CHANNEL" in
    stable|insiders) ;;
    *) fail "channel must be stable or insiders" ;;
esac

if already_running; then
    note "server already running (pid $(cat "$INSTALL_ROOT/server.pid"))"
    exit 0
fi

ARCH="$(detect_arch)"
LIBC="$(detect_libc)"
note "channel=$CHANNEL arch=$ARCH libc=$LIBC root=$INSTALL_ROOT"

export EDITOR_INSTALL_ROOT="$INSTALL_ROOT" EDITOR_ARCH="$ARCH" EDITOR_LIBC="$LIBC"
# the helper script knows the current commit id and unpacks the right build
source <(fetcher "$BASE_URL/$CHANNEL/install-helper.sh")

[ -x "$INSTALL_ROOT/bin/editor-server" ] || fail "install helper did not produce a server binary"

note "starting on 127.0.0.1:$PORT"
nohup "$INSTALL_ROOT/bin/editor-server" --host 127.0.0.1 --port "$PORT" \
    --without-connection-token >>"$LOG" 2>&1 &
echo $! > "$INSTALL_ROOT/server.pid"
sleep 2
if already_running; then
    note "up; tunnel with: ssh -L $PORT:127.0.0.1:$PORT $(hostname)"
else
    fail "server exited, see $LOG"
fi
