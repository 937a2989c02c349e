#!/bin/sh
# kata_watcher_install.sh - keep the kata progress watcher running.
#
# The watcher looks at ~/katas every few minutes, runs the kata's own
# check script and appends the result to ~/katas/progress.log, so the
# teacher's dashboard can show who is stuck.  Students kept forgetting to
# start it, so this installs it to come back by itself after every reboot.
#
#   sh kata_watcher_install.sh            # install
#   sh kata_watcher_install.sh --remove   # uninstall
set -eu

APP_DIR="$HOME/.local/share/kata-watcher"
WATCHER="$APP_DIR/watch.sh"
KATA_DIR="$HOME/katas"
TAG="# kata-watcher"

write_watcher() {
    mkdir -p "$APP_DIR" "$KATA_DIR"
    cat > "$WATCHER" <<'EOF'
#!/bin/sh
# kata-watcher: record progress of every kata that has a check script
KATA_DIR="$HOME/katas"
LOG="$KATA_DIR/progress.log"
while :; do
    for k in "$KATA_DIR"/*/; do
        [ -x "$k/check.sh" ] || continue
        if (cd "$k" && ./check.sh >/dev/null 2>&1); then res=pass; else res=fail; fi
        printf '%s %s %s\n' "$(date -Iseconds)" "$(basename "$k")" "$res" >> "$LOG"
    done
    sleep 300
done
EOF
    chmod 0755 "$WATCHER"
}

current_crontab() {
    crontab -l 2>/dev/null | grep -v "$TAG" || true
}

install_entry() {
    {
        current_crontab
        echo "@reboot nohup $WATCHER >/dev/null 2>&1 & $TAG"
        echo "*/15 * * * * pgrep -f $WATCHER >/dev/null || nohup $WATCHER >/dev/null 2>&1 & $TAG"
    } | crontab -
}

remove_entry() {
    current_crontab | crontab -
    pkill -f "$WATCHER" 2>/dev/null || true
    rm -f "$WATCHER"
}

case "${1:-install}" in
    --remove|remove)
        remove_entry
        echo "kata watcher removed"
        ;;
    install|--install)
        command -v crontab >/dev/null 2>&1 || { echo "crontab not available" >&2; exit 1; }
        write_watcher
        install_entry
        nohup "$WATCHER" >/dev/null 2>&1 &
        echo "kata watcher installed and started (pid $!)"
        echo "it will restart automatically after reboot"
        ;;
    *)
        echo "usage: $0 [install|--remove]" >&2
        exit 64
        ;;
esac
