#!/usr/bin/env bash
# One-time setup for the keyboard macro tool (switch access / sticky macros).
#
# The macro player injects key events through /dev/uinput and reads switch
# devices through /dev/input/event*. This script loads the uinput module,
# installs a udev rule giving the "uinput" group access, adds the current
# user to that group and creates a local virtualenv with python-evdev.
#
# Usage: prog66d_uinput_macro_setup.sh [--user NAME] [--skip-venv] [--dry-run]

set -euo pipefail

TARGET_USER="${SUDO_USER:-${USER:-$(id -un)}}"
GROUP="uinput"
RULE_FILE="/etc/udev/rules.d/70-macro-uinput.rules"
VENV_DIR="./.venv"
SKIP_VENV=0
DRY_RUN=0

msg()  { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --user)      TARGET_USER="$2"; shift 2 ;;
        --skip-venv) SKIP_VENV=1; shift ;;
        --dry-run)   DRY_RUN=1; shift ;;
        -h|--help)   sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '[dry-run] %s\n' "$*"
    else
        "$@"
    fi
}

pick_elevator() {
    if [ "$(id -u)" -eq 0 ]; then
        ELEVATE=()
    elif command -v sudo >/dev/null 2>&1; then
        ELEVATE=(sudo)
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE=(doas)
    else
        die "need root, sudo or doas to install the udev rule"
    fi
}

load_module() {
    if [ -c /dev/uinput ]; then
        msg "/dev/uinput already present"
        return
    fi
    msg "loading uinput kernel module"
    run "${ELEVATE[@]}" modprobe uinput || die "modprobe uinput failed"
}

install_rule() {
    local rule
    rule=$(cat <<EOF
# keyboard macro tool: let members of '$GROUP' inject and read input events
KERNEL=="uinput", SUBSYSTEM=="misc", GROUP="$GROUP", MODE="0660", OPTIONS+="static_node=uinput"
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_KEYBOARD}=="1", GROUP="$GROUP", MODE="0640"
EOF
)
    if [ -f "$RULE_FILE" ] && printf '%s\n' "$rule" | cmp -s - "$RULE_FILE"; then
        msg "udev rule up to date"
        return
    fi
    msg "installing $RULE_FILE"
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '%s\n' "$rule"
    else
        printf '%s\n' "$rule" | "${ELEVATE[@]}" tee "$RULE_FILE" >/dev/null
        "${ELEVATE[@]}" chmod 0644 "$RULE_FILE"
    fi
    run "${ELEVATE[@]}" udevadm control --reload-rules
    run "${ELEVATE[@]}" udevadm trigger --subsystem-match=misc --subsystem-match=input
}

add_user_to_group() {
    if ! getent group "$GROUP" >/dev/null; then
        msg "creating group $GROUP"
        run "${ELEVATE[@]}" groupadd --system "$GROUP"
    fi
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        msg "$TARGET_USER already in $GROUP"
        return
    fi
    msg "adding $TARGET_USER to $GROUP (log out and back in afterwards)"
    run "${ELEVATE[@]}" usermod -aG "$GROUP" "$TARGET_USER"
}

make_venv() {
    [ "$SKIP_VENV" -eq 1 ] && return
    if [ ! -x "$VENV_DIR/bin/python" ]; then
        msg "creating $VENV_DIR"
        run python3 -m venv "$VENV_DIR"
    fi
    run "$VENV_DIR/bin/pip" install --quiet evdev pyyaml
}

main() {
    [ "$(uname -s)" = "Linux" ] || die "uinput is Linux only"
    id "$TARGET_USER" >/dev/null 2>&1 || die "no such user: $TARGET_USER"
    pick_elevator
    load_module
    install_rule
    add_user_to_group
    make_venv
    msg "setup complete"
}

main
