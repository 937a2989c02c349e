#!/usr/bin/env bash
# enable_uinput_automation.sh - let the desktop-automation scripts
# (pyautogui on Wayland via ydotool, python-evdev UInput) create virtual
# input devices without running as root.
#
# What it does:
#   1. loads the uinput kernel module
#   2. installs a udev rule giving the "input" group access to /dev/uinput
#   3. adds the current user to the "input" group
#   4. reloads udev so the rule applies immediately
#
# usage: ./enable_uinput_automation.sh [--dry-run] [--undo]

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/80-uinput-automation.rules"
RULE='KERNEL=="uinput", SUBSYSTEM=="misc", GROUP="input", MODE="0660", OPTIONS+="static_node=uinput"'
TARGET_USER="${SUDO_USER:-$USER}"
DRY_RUN=0
UNDO=0

for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --undo) UNDO=1 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

run_root() {
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "   (dry-run) sudo $*"
    return 0
  fi
  sudo "$@"
}

check_prereqs() {
  if ! command -v sudo >/dev/null; then
    echo "sudo is required" >&2
    exit 1
  fi
  if ! getent group input >/dev/null; then
    say "creating group input"
    run_root groupadd --system input
  fi
}

load_module() {
  if lsmod | awk '{print $1}' | grep -qx uinput; then
    say "uinput module already loaded"
  else
    say "loading uinput module"
    run_root modprobe uinput
  fi
}

install_rule() {
  if [[ -f "$RULE_FILE" ]] && grep -Fqx "$RULE" "$RULE_FILE"; then
    say "udev rule already present"
    return
  fi
  say "writing $RULE_FILE"
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "   (dry-run) $RULE"
  else
    printf '# added by enable_uinput_automation.sh\n%s\n' "$RULE" | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
  fi
}

add_user_to_group() {
  if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx input; then
    say "$TARGET_USER is already in group input"
  else
    say "adding $TARGET_USER to group input"
    run_root usermod -aG input "$TARGET_USER"
    NEED_RELOGIN=1
  fi
}

reload_udev() {
  say "reloading udev rules"
  run_root udevadm control --reload-rules
  run_root udevadm trigger --subsystem-match=misc --sysname-match=uinput
  if [[ $DRY_RUN -eq 0 ]]; then
    ls -l /dev/uinput
  fi
}

undo() {
  say "removing udev rule and group membership"
  run_root rm -f "$RULE_FILE"
  run_root gpasswd -d "$TARGET_USER" input || true
  run_root udevadm control --reload-rules
  say "done; log out and back in to drop the group"
}

NEED_RELOGIN=0
check_prereqs
if [[ $UNDO -eq 1 ]]; then
  undo
  exit 0
fi
load_module
install_rule
add_user_to_group
reload_udev

if [[ $NEED_RELOGIN -eq 1 ]]; then
  say "log out and back in (or run 'newgrp input') before starting the automation scripts"
fi
say "uinput ready for $TARGET_USER"
