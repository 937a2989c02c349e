#!/usr/bin/env bash
# install_print_agent.sh - set up the order-printer agent on a shop PC
#
# Copies the agent into ~/.local/share/kebabpos-agent, builds its venv,
# writes the branch config and makes sure the agent is running after a
# power cut (the till PC gets switched off at the wall every night).
#
# usage: ./install_print_agent.sh --shop-id ID --printer 192.168.1.60 [--no-start]

set -euo pipefail

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/kebabpos-agent"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
SHOP_ID=""
PRINTER=""
START=1

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --shop-id) SHOP_ID="$2"; shift 2 ;;
        --printer) PRINTER="$2"; shift 2 ;;
        --prefix) PREFIX="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option $1" >&2; usage 2 ;;
    esac
done

[ -n "$SHOP_ID" ] || { echo "--shop-id is required" >&2; exit 2; }
[ -n "$PRINTER" ] || { echo "--printer is required" >&2; exit 2; }

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

check_deps() {
    local missing=()
    for t in python3 crontab nc; do
        command -v "$t" >/dev/null 2>&1 || missing+=("$t")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        warn "missing tools: ${missing[*]}"
        exit 1
    fi
}

copy_files() {
    info "installing agent into $PREFIX"
    mkdir -p "$PREFIX"/{bin,spool,logs}
    install -m 0755 "$SRC_DIR/printrelay.py" "$PREFIX/bin/printrelay.py"
    [ -f "$SRC_DIR/requirements.txt" ] && cp "$SRC_DIR/requirements.txt" "$PREFIX/"
}

build_venv() {
    if [ ! -x "$PREFIX/venv/bin/python" ]; then
        info "creating virtualenv"
        python3 -m venv "$PREFIX/venv"
    fi
    if [ -f "$PREFIX/requirements.txt" ]; then
        "$PREFIX/venv/bin/pip" install -q -r "$PREFIX/requirements.txt"
    fi
}

write_config() {
    local cfg="$PREFIX/printrelay.ini"
    if [ -f "$cfg" ]; then
        info "keeping existing $cfg"
        return
    fi
    cat > "$cfg" <<EOF
[printer]
shop_id = $SHOP_ID
printer_host = $PRINTER
printer_port = 9100
spool_dir = $PREFIX/spool
EOF
    chmod 0600 "$cfg"
}

write_launcher() {
    cat > "$PREFIX/bin/run-agent" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
pgrep -f "$PREFIX/bin/printrelay.py" >/dev/null && exit 0
[ -f "$PREFIX/token" ] && RELAY_TOKEN=\$(cat "$PREFIX/token") && export RELAY_TOKEN
exec "$PREFIX/venv/bin/python" "$PREFIX/bin/printrelay.py" -c "$PREFIX/printrelay.ini" \\
    >>"$PREFIX/logs/agent.log" 2>&1
EOF
    chmod 0755 "$PREFIX/bin/run-agent"
}

register_autostart() {
    local launcher="$PREFIX/bin/run-agent"
    local tag="# kebabpos-agent"
    local current
    current="$(crontab -l 2>/dev/null | grep -v "$tag" || true)"
    {
        printf '%s\n' "$current"
        printf '@reboot sleep 30 && %s %s\n' "$launcher" "$tag"
        printf '*/5 * * * * %s %s\n' "$launcher" "$tag"
    } | sed '/^$/d' | crontab -
    info "agent will start on boot and be checked every 5 minutes"
}

printer_check() {
    if nc -z -w 3 "$PRINTER" 9100 2>/dev/null; then
        info "printer $PRINTER:9100 reachable"
    else
        warn "printer $PRINTER:9100 not answering - check it is on and on the LAN"
    fi
}

check_deps
copy_files
build_venv
write_config
write_launcher
register_autostart
printer_check

if [ "$START" -eq 1 ]; then
    nohup "$PREFIX/bin/run-agent" >/dev/null 2>&1 &
    info "agent started (pid $!)"
fi
info "done. put the relay token in $PREFIX/token (chmod 600)"
