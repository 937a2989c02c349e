#!/bin/bash
# booking_kiosk_ports.sh - expose the class-booking kiosk app on the front
# desk Pi so customers can book wheel time from the tablet by the door.
#
# The booking app (gunicorn) runs as the kiosk user on 8080/8443; this maps
# the normal web ports onto it and keeps the mapping across reboots.
#
#   booking_kiosk_ports.sh up     # add rules
#   booking_kiosk_ports.sh down   # remove rules
#   booking_kiosk_ports.sh show
set -e

APP_HTTP=8080
APP_HTTPS=8443
LAN_IF="${KIOSK_IF:-wlan0}"
LAN_NET="${KIOSK_NET:-192.168.50.0/24}"
COMMENT="booking-kiosk"
SAVE_TO=/etc/iptables/rules.v4
LOGFILE=./kiosk_ports.log

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

ipt() { as_root iptables "$@"; }

rule_present() {
    # $1 = table, rest = rule spec
    local table=$1; shift
    ipt -t "$table" -C "$@" 2>/dev/null
}

add_rule() {
    local table=$1 chain=$2; shift 2
    if rule_present "$table" "$chain" "$@"; then
        log "exists: -t $table $chain $*"
    else
        ipt -t "$table" -I "$chain" "$@"
        log "added:  -t $table $chain $*"
    fi
}

del_rule() {
    local table=$1 chain=$2; shift 2
    while rule_present "$table" "$chain" "$@"; do
        ipt -t "$table" -D "$chain" "$@"
        log "removed: -t $table $chain $*"
    done
}

rules() {
    # callback ($1 = add_rule|del_rule) for every rule this script manages
    local fn=$1 tag=(-m comment --comment "$COMMENT")
    $fn nat PREROUTING -i "$LAN_IF" -s "$LAN_NET" -p tcp --dport 80 -j REDIRECT --to-ports "$APP_HTTP" "${tag[@]}"
    $fn nat PREROUTING -i "$LAN_IF" -s "$LAN_NET" -p tcp --dport 443 -j REDIRECT --to-ports "$APP_HTTPS" "${tag[@]}"
    $fn filter INPUT -i "$LAN_IF" -s "$LAN_NET" -p tcp -m multiport --dports "$APP_HTTP,$APP_HTTPS" -j ACCEPT "${tag[@]}"
}

persist() {
    as_root mkdir -p "$(dirname "$SAVE_TO")"
    ipt_save > ./rules.v4.new
    as_root install -m 0640 ./rules.v4.new "$SAVE_TO"
    rm -f ./rules.v4.new
    log "saved rules to $SAVE_TO"
}

ipt_save() { as_root iptables-save; }

case "${1:-show}" in
    up)
        command -v iptables >/dev/null || { echo "iptables not installed" >&2; exit 1; }
        # the local tablet loopback test needs localnet routing
        as_root sysctl -q -w net.ipv4.conf.all.route_localnet=1
        rules add_rule
        persist
        log "kiosk reachable on http://$(hostname -I | awk '{print $1}')/"
        ;;
    down)
        rules del_rule
        as_root sysctl -q -w net.ipv4.conf.all.route_localnet=0
        persist
        ;;
    show)
        ipt -t nat -S PREROUTING | grep -- "$COMMENT" || echo "no nat rules"
        ipt -S INPUT | grep -- "$COMMENT" || echo "no input rules"
        ;;
    *)
        sed -n '2,10p' "$0"; exit 2 ;;
esac
