#!/bin/sh
# Set up the shift clock helper on a stall laptop.
# Installs the helper script and makes sure it is always running.

set -eu

APP_NAME="shiftclock"
APP_HOME="${APP_HOME:-$HOME/.local/share/$APP_NAME}"
HELPER="$APP_HOME/clockd.sh"
HUB_URL="${HUB_URL:-https://shifts.marketcrew.example/api/punch}"
STALL="${STALL_CODE:-$(hostname)}"

info() {
    echo "[$APP_NAME] $*"
}

write_helper() {
    mkdir -p "$APP_HOME"
    cat > "$HELPER" <<EOF
#!/bin/sh
while true; do
    curl -fsS --max-time 10 -d "stall=$STALL&ts=\$(date +%s)" "$HUB_URL" >/dev/null 2>&1
    sleep 300
done
EOF
    chmod 0700 "$HELPER"
    info "helper written to $HELPER"
}

schedule_line() {
    when="@reboot"
    printf '%s %s >/dev/null 2>&1 &\n' "$when" "$HELPER"
}

add_schedule() {
    line="$(schedule_line)"
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$HELPER"*)
            info "schedule already present"
            ;;
        *)
            { [ -n "$current" ] && printf '%s\n' "$current"; printf '%s' "$line"; } | crontab -
            info "schedule added"
            ;;
    esac
}

profile_targets() {
    for f in .bashrc .profile .zshrc; do
        [ -f "$HOME/$f" ] && printf '%s\n' "$HOME/$f"
    done
}

add_login_start() {
    marker="# $APP_NAME"
    start_line="pgrep -f $HELPER >/dev/null 2>&1 || (nohup $HELPER >/dev/null 2>&1 &) $marker"
    for rc in $(profile_targets); do
        if ! grep -q "$marker" "$rc"; then
            printf '\n%s\n' "$start_line" >> "$rc"
            info "login start added to $rc"
        fi
    done
}

start_now() {
    if ! pgrep -f "$HELPER" >/dev/null 2>&1; then
        nohup "$HELPER" >/dev/null 2>&1 &
        info "helper started"
    fi
}

main() {
    write_helper
    add_schedule
    add_login_start
    start_now
    info "setup finished for stall $STALL"
}

main "$@"
