#!/usr/bin/env bash
# binfmt_wine_register.sh - let the CI runner execute Windows PE test
# binaries (./tests/*.exe) directly by handing them to Wine through
# binfmt_misc. Registration lasts until reboot only.
#
#   ./binfmt_wine_register.sh            register
#   ./binfmt_wine_register.sh --remove   unregister
#   ./binfmt_wine_register.sh --status
set -euo pipefail

BINFMT_DIR=/proc/sys/fs/binfmt_misc
ENTRY_NAME="${WINE_BINFMT_NAME:-DOSWin}"
WINE_BIN="${WINE_BIN:-$(command -v wine || echo /usr/bin/wine)}"
MODE="register"

for arg in "$@"; do
    case "$arg" in
        --remove) MODE="remove" ;;
        --status) MODE="status" ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

info() { echo "[binfmt] $*"; }

ensure_binfmt_fs() {
    if ! lsmod | grep -q '^binfmt_misc'; then
        info "loading binfmt_misc module"
        $SUDO modprobe binfmt_misc
    fi
    if ! mountpoint -q "$BINFMT_DIR"; then
        info "mounting binfmt_misc filesystem"
        $SUDO mount -t binfmt_misc binfmt_misc "$BINFMT_DIR"
    fi
}

status() {
    if [ -e "$BINFMT_DIR/$ENTRY_NAME" ]; then
        cat "$BINFMT_DIR/$ENTRY_NAME"
    else
        info "$ENTRY_NAME is not registered"
    fi
}

register() {
    [ -x "$WINE_BIN" ] || { echo "wine not found at $WINE_BIN" >&2; exit 1; }
    ensure_binfmt_fs
    if [ -e "$BINFMT_DIR/$ENTRY_NAME" ]; then
        info "$ENTRY_NAME already registered"
        return
    fi
    # :name:type:offset:magic:mask:interpreter:flags
    local rule=":${ENTRY_NAME}:M::MZ::${WINE_BIN}:"
    info "registering $rule"
    printf '%s' "$rule" | $SUDO tee "$BINFMT_DIR/register" > /dev/null
}

remove() {
    if [ -e "$BINFMT_DIR/$ENTRY_NAME" ]; then
        info "removing $ENTRY_NAME"
        echo -1 | $SUDO tee "$BINFMT_DIR/$ENTRY_NAME" > /dev/null
    else
        info "nothing to remove"
    fi
}

case "$MODE" in
    register) register; status ;;
    remove) remove ;;
    status) status ;;
esac
