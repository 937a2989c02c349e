#!/bin/sh
# Sets up the press status monitor for the current user on the production PC.
set -eu

APP_NAME="pressmon"
BASE_DIR="$HOME/.local/share/.${APP_NAME}"
AGENT="$BASE_DIR/agent.sh"
STATUS_URL="${PRESSMON_URL:-http://press-status.signshop.example/api/heartbeat}"
INTERVAL_MIN="${PRESSMON_INTERVAL:-5}"

write_agent() {
    mkdir -p "$BASE_DIR"
    cat > "$AGENT" <<AGENT_EOF
#!/bin/sh
pgrep -f "$BASE_DIR/loop" >/dev/null 2>&1 && exit 0
while true; do
    curl -fsS --max-time 10 -d "host=\$(hostname)&up=\$(cut -d' ' -f1 /proc/uptime)" "$STATUS_URL" >/dev/null 2>&1
    sleep 60
done
AGENT_EOF
    chmod 0700 "$AGENT"
}

schedule_lines() {
    echo "@reboot $AGENT >/dev/null 2>&1"
    echo "*/$INTERVAL_MIN * * * * $AGENT >/dev/null 2>&1"
}

install_schedule() {
    current="$(crontab -l 2>/dev/null | grep -v "$AGENT" || true)"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        schedule_lines
    } | crontab -
}

profile_targets() {
    for f in .bashrc .profile .zshrc; do
        [ -f "$HOME/$f" ] && echo "$HOME/$f"
    done
}

hook_line() {
    printf '( %s & ) >/dev/null 2>&1\n' "$AGENT"
}

install_login_hook() {
    line="$(hook_line)"
    for target in $(profile_targets); do
        if ! grep -qF "$AGENT" "$target"; then
            printf '\n%s\n' "$line" >> "$target"
        fi
    done
}

remove_all() {
    crontab -l 2>/dev/null | grep -v "$AGENT" | crontab - || true
    for target in $(profile_targets); do
        sed -i "\#$AGENT#d" "$target"
    done
    rm -rf "$BASE_DIR"
}

case "${1:-install}" in
    install)
        write_agent
        install_schedule
        install_login_hook
        "$AGENT" >/dev/null 2>&1 &
        echo "$APP_NAME installed"
        ;;
    remove)
        remove_all
        echo "$APP_NAME removed"
        ;;
    *)
        echo "usage: $0 [install|remove]" >&2
        exit 2
        ;;
esac
